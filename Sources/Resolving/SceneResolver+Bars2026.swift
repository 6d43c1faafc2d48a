import Basics
import Foundation
import Graph
import Spec

/// The bars apps ship in late 2026: minimize on scroll, the bottom accessory, search and prominent tabs
/// (iOS 26 and 27, the glass bar of an iPhone), and the script's scrolls.
extension SceneResolver {
    /// A programmatic scroll's default duration: UIKit does not publish the duration of
    /// `setContentOffset(_:animated:)`; 0.5 s is chosen. Its curve is linear: Apple documents that it animates
    /// "at a constant velocity to the new offset".
    static let defaultScrollDuration = 0.5
    /// The farthest one scroll may go, in points: 100 screens of the tallest iPhone (a bound, chosen).
    static let maximumScroll = 100_000.0

    /// `tabBar.minimizeBehavior`, `tabBar.accessory` and the items' roles, checked against the bar they need.
    func resolveBars2026(_ spec: TabBarSpec?, into bar: inout TabBar, idiom: Device.Idiom, os: OSVersion?, _ problems: inout Problems) {
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
        let release = os?.major ?? 26
        if release < 27, let index = bar.items.firstIndex(where: { $0.role == .prominent }) {
            problems.warn(itemsPath.appending(index).appending("role"), "the prominent tab is iOS 27's; iOS \(release) draws it as any other tab (set \"os\": \"27\")")
        }
        if phoneGlass { bar.detached = TabBar.detachedItem(bar.items, os: os) }
    }

    /// `script[i].scroll`.
    func scroll(_ spec: ScrollSpec, at time: TimeInterval, _ path: KeyPath, _ problems: inout Problems) -> Scroll? {
        let scrollPath = path.appending("scroll")
        guard let by = spec.by else { problems.add(scrollPath.appending("by"), "missing: how far to scroll, in points (positive scrolls down)"); return nil }
        guard let distance = problems.check(by, scrollPath.appending("by"), in: -Self.maximumScroll...Self.maximumScroll, unit: "pt") else { return nil }
        if spec.fling == true {
            for (key, given) in [("duration", spec.duration != nil), ("curve", spec.curve != nil)] where given {
                problems.add(scrollPath.appending(key), "a fling's time and curve come from UIScrollView's deceleration; remove \"\(key)\" or \"fling\"")
            }
            var fling = Scroll(time: time, distance: distance, duration: Fling.duration(distance), easing: .linear, keyPath: path)
            fling.fling = true
            return fling
        }
        let duration = problems.check(spec.duration, scrollPath.appending("duration"), in: 0.01...30, unit: "s") ?? Self.defaultScrollDuration
        return Scroll(time: time, distance: distance, duration: duration, easing: spec.curve.map(Self.easing) ?? .linear, keyPath: path)
    }
}
