import Basics
import Foundation
import Graph
import Spec

/// The iPad's sidebar (`UITabBarController.mode = .tabSidebar`, SwiftUI `.sidebarAdaptable`): the same tabs as
/// the top bar, in a panel at the leading edge (UIKIT-2026.md, "iPad sidebar"), shown or hidden at the start
/// and toggled by the script.
public struct Sidebar: Sendable, Equatable {
    /// iPadOS 26's floating glass panel; iPadOS 18's flush column before it (`Capability.floatingSidebar`).
    public var floating: Bool
    /// `tabBar.sidebar`: shown at t = 0.
    public var initiallyShown: Bool
    /// `script[i].sidebar`, resolved to whether it shows after each, in time order.
    public var changes: [Change]
    /// On the iPhone Duo: shown only on a screen of regular width (`SidebarLayout.minimumWidth`).
    public var onFoldable = false

    public struct Change: Sendable, Equatable {
        public var time: TimeInterval
        public var shown: Bool
        public var keyPath: KeyPath
    }

    /// Whether the sidebar showed (or was arriving) just before `t`: what a tap at `t` meets.
    public func isShown(before t: TimeInterval) -> Bool { changes.last { $0.time < t }?.shown ?? initiallyShown }
}

extension SceneResolver {
    /// `tabBar.sidebar`, the items' `section` and the script's `sidebar` entries. Only on an iPad's floating top
    /// bar (iPadOS 18 and later, style "glass"): elsewhere each is one problem naming the key.
    func resolveSidebar(_ spec: SceneSpec, tabBar: inout TabBar, device: Device, os: OSVersion?, _ problems: inout Problems) -> Sidebar? {
        let idiom = device.idiom
        let path = KeyPath.root.appending("tabBar")
        let entries = (spec.script ?? []).enumerated().filter { $0.element.sidebar != nil }
        let sections = (spec.tabBar?.items ?? []).enumerated().filter { $0.element.section != nil }
        guard spec.tabBar?.sidebar != nil || !entries.isEmpty || !sections.isEmpty else { return nil }
        guard let visibility = spec.tabBar?.sidebar else {
            let where_ = entries.first.map { KeyPath.root.appending("script").appending($0.offset).appending("sidebar") }
                ?? path.appending("items").appending(sections[0].offset).appending("section")
            problems.add(where_, "the scene has no sidebar: give tabBar.sidebar \"hidden\" or \"shown\"")
            return nil
        }
        // The iPad's, and the iPhone Duo's where its width is regular (UIKIT-2026.md: only inner landscape keeps one).
        guard idiom == .pad || device.foldDisplay != nil, tabBar.style == .glass else {
            problems.add(path.appending("sidebar"), "the sidebar is the iPad's and the iPhone Duo's (UITabBarController.mode .tabSidebar): it needs an iPad or Duo preset and the glass bar (tabBar.style \"glass\", or \"os\" 18 or later on an iPad)")
            return nil
        }
        for (index, item) in (spec.tabBar?.items ?? []).enumerated() where index < tabBar.items.count {
            tabBar.items[index].section = item.section
        }
        var shown = visibility == .shown
        var changes: [Sidebar.Change] = []
        let ordered = entries.compactMap { entry -> (offset: Int, time: TimeInterval, action: SidebarAction)? in
            guard let time = entry.element.at, time >= 0, let action = entry.element.sidebar else { return nil }
            return (entry.offset, time, action)
        }.sorted { ($0.time, $0.offset) < ($1.time, $1.offset) }
        for entry in ordered {
            let keyPath = KeyPath.root.appending("script").appending(entry.offset)
            switch entry.action {
            case .show: shown = true
            case .hide: shown = false
            case .toggle: shown.toggle()
            }
            changes.append(Sidebar.Change(time: entry.time, shown: shown, keyPath: keyPath))
        }
        let floating = device.foldDisplay != nil || os.glassRules.has(.floatingSidebar, on: .pad)
        return Sidebar(floating: floating, initiallyShown: visibility == .shown, changes: changes, onFoldable: device.foldDisplay != nil)
    }
}

/// The sidebar's colours (UIKIT-2026.md, "iPad sidebar"). iPadOS 26, measured: light panel (249), rim (254, of
/// 253–255), selected capsule (219); dark panel (17, 17, 17), rim (51) (its outer pixel; the inner one is 36),
/// capsule (43, 42, 43). iPadOS 18, measured in light: column (245, 246, 244), hairline (214), selected row
/// white; dark chosen (not measured): column (28, 28, 30), hairline (56, 56, 58), selected row (44, 44, 46),
/// UIKit's dark `secondarySystemBackground`, `separator`-like grey and `tertiarySystemBackground`. Icons and
/// titles: `label` unselected, the tint selected (measured). Section headers: `secondaryLabel` (Apple's
/// documented values: (60, 60, 67) at 60 % light, (235, 235, 245) at 60 % dark; chosen, the captures have none).
public struct SidebarColors: Sendable, Equatable {
    public var panel: Color
    /// The floating panel's rim; the column's hairline.
    public var edge: Color
    public var selection: Color
    public var header: Color

    public static func of(floating: Bool, style: InterfaceStyle) -> SidebarColors {
        let dark = style == .dark
        let header = dark ? Color(rgb: 235, 235, 245, alpha: 0.6) : Color(rgb: 60, 60, 67, alpha: 0.6)
        if floating {
            return dark ? SidebarColors(panel: Color(rgb: 17, 17, 17), edge: Color(rgb: 51, 51, 51), selection: Color(rgb: 43, 42, 43), header: header)
                : SidebarColors(panel: Color(rgb: 249, 249, 249), edge: Color(rgb: 254, 254, 254), selection: Color(rgb: 219, 219, 219), header: header)
        }
        return dark ? SidebarColors(panel: Color(rgb: 28, 28, 30), edge: Color(rgb: 56, 56, 58), selection: Color(rgb: 44, 44, 46), header: header)
            : SidebarColors(panel: Color(rgb: 245, 246, 244), edge: Color(rgb: 214, 214, 214), selection: .white, header: header)
    }
}
