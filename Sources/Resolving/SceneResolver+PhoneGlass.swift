import Basics
import Foundation
import Graph
import Spec

/// What only the glass bar of an iPhone has: minimize on scroll, the bottom accessory, and search and
/// prominent tabs apart from the capsule (iOS 26 and 27).
extension SceneResolver {
    /// `tabBar.minimizeBehavior`, `tabBar.accessory` and the items' roles, checked against the bar they need.
    func resolvePhoneGlassParts(_ spec: TabBarSpec?, into bar: inout TabBar, idiom: Device.Idiom, os: OSVersion?, _ problems: inout Problems) {
        let path = KeyPath.root.appending("tabBar")
        let phoneGlass = bar.style == .glass && idiom == .phone
        let why = idiom == .pad ? "an iPad's bar never minimizes and has no accessory (iPhone only, as UIKit's)"
            : "it belongs to iOS 26's glass bar; use style \"glass\" or \"os\": \"26\""
        if let behavior = spec?.minimizeBehavior {
            if behavior != .never, !phoneGlass {
                problems.add(path.appending("minimizeBehavior"), "\"\(behavior.rawValue)\" needs the glass bar of an iPhone: \(why)")
            } else {
                bar.minimizeBehavior = behavior
            }
        }
        if let accessory = spec?.accessory {
            let accessoryPath = path.appending("accessory")
            if !phoneGlass {
                problems.add(accessoryPath, "a bottom accessory needs the glass bar of an iPhone: \(why)")
            } else if accessory.image == nil && accessory.title == nil {
                problems.add(accessoryPath, "an accessory shows an \"image\", a \"title\" or both")
            } else {
                let image = accessory.image.flatMap { asset($0, at: accessoryPath.appending("image"), allowed: [.svg, .png], &problems) }
                bar.accessory = Accessory(image: image, title: accessory.title.map(title) ?? "", subtitle: accessory.subtitle.map(title) ?? "")
            }
        }
        resolveRoles(spec?.items ?? [], into: &bar, phoneGlass: phoneGlass, os: os, &problems)
    }

    private func resolveRoles(_ specs: [ItemSpec], into bar: inout TabBar, phoneGlass: Bool, os: OSVersion?, _ problems: inout Problems) {
        let itemsPath = KeyPath.root.appending("tabBar").appending("items")
        for role in TabRole.allCases {
            let holders = bar.items.indices.filter { bar.items[$0].role == role }
            for extra in holders.dropFirst() {
                problems.add(itemsPath.appending(extra).appending("role"), "only one tab is the \(role.rawValue) tab (item \(holders[0]) is)")
            }
        }
        for (index, spec) in specs.enumerated() where spec.activatesSearch != nil && spec.role != .search {
            problems.add(itemsPath.appending(index).appending("activatesSearch"), "only a tab with \"role\": \"search\" activates search")
        }
        if !phoneGlass, let index = bar.items.firstIndex(where: { $0.role != nil }), let role = bar.items[index].role {
            problems.warn(itemsPath.appending(index).appending("role"), "the classic bar and the iPad's draw a \(role.rawValue) tab as any other; "
                + "it is apart only on the glass bar of an iPhone")
            return
        }
        let release = os.glassRules, first = Release.first(with: .prominentTab, on: .phone)
        if !release.has(.prominentTab, on: .phone), let index = bar.items.firstIndex(where: { $0.role == .prominent }) {
            problems.warn(itemsPath.appending(index).appending("role"),
                          "the prominent tab is \(first.name(for: .phone))'s; iOS \(release.major) draws it as any other tab (set \"os\": \"\(first.major)\")")
        }
        if phoneGlass { bar.detached = TabBar.detachedItem(bar.items, os: os) }
    }
}
