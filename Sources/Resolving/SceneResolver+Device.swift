import Basics
import Foundation
import Graph
import Spec

/// The device: a preset (or a custom screen starting from one) turned to the scene's `orientation`, and
/// what the device's bar cannot show.
extension SceneResolver {
    /// The preset turned to `orientation` first, then the scene's own metrics (given for that orientation).
    func resolveDevice(_ spec: DeviceSpec?, orientation: Orientation, _ problems: inout Problems) -> Device {
        let path = KeyPath.root.appending("device")
        var device = DevicePreset.fallback.oriented(orientation)
        if let name = spec?.preset {
            if let preset = DevicePreset.named(name) {
                device = preset.oriented(orientation)
            } else {
                let names = DevicePreset.all.map(\.name)
                var message = "unknown device \"\(Excerpt.of(name))\"; known: \(names.joined(separator: ", "))"
                if let guess = Suggestion.closest(to: name, in: names) { message += " (did you mean \"\(guess)\"?)" }
                problems.add(spec?.width == nil ? path : path.appending("preset"), message)
            }
        }
        guard let spec else { return device }
        if spec.width != nil || spec.height != nil { device.name = "custom" }
        device.size.width = problems.check(spec.width, path.appending("width"), in: Self.deviceSideRange, unit: "pt") ?? device.size.width
        device.size.height = problems.check(spec.height, path.appending("height"), in: Self.deviceSideRange, unit: "pt") ?? device.size.height
        device.scale = problems.check(spec.scale, path.appending("scale"), in: 1...4, unit: "") ?? device.scale
        device.safeAreaTop = problems.check(spec.safeAreaTop, path.appending("safeAreaTop"), in: 0...200, unit: "pt") ?? device.safeAreaTop
        device.safeAreaBottom = problems.check(spec.safeAreaBottom, path.appending("safeAreaBottom"), in: 0...200, unit: "pt") ?? device.safeAreaBottom
        device.cornerRadius = problems.check(spec.cornerRadius, path.appending("cornerRadius"), in: 0...200, unit: "pt") ?? device.cornerRadius
        return device
    }

    /// iPadOS 18 and 26's floating top bar "uses only text labels" (gamery.app, "Let's talk about the new tabs
    /// and sidebar in iPadOS 18", 2024-06-13: the images show in the sidebar, which tabanim does not draw):
    /// the icons a scene gives are kept for the other layouts and not drawn there, with one warning.
    func topBarIconWarnings(_ spec: TabBarSpec?, style: TabBarStyle, device: Device) -> [Diagnostic] {
        guard device.idiom == .pad, style == .glass else { return [] }
        let path = KeyPath.root.appending("tabBar").appending("items")
        guard let first = spec?.items?.firstIndex(where: { $0.icon != nil || $0.systemImage != nil || $0.selectedIcon != nil || $0.animation != nil }) else { return [] }
        return [Diagnostic(file: file, keyPath: path.appending(first),
                           message: "the iPad's floating top bar (tabBar.style \"glass\") shows titles only, as iPadOS 18 and 26 do; its icons and animations are not drawn (use style \"classic\" to show them)")]
    }

    /// `tabBar.style`, or the bar `os` ships with (`OSVersion`), or the classic bar when neither is given.
    /// A floating bar on a release before it existed is refused, naming both keys; the classic bar on a
    /// later one is not (an app built against an earlier SDK keeps it, and on 26 `UIDesignRequiresCompatibility` does).
    func barStyle(_ given: TabBarStyle?, os: OSVersion?, idiom: Device.Idiom, _ problems: inout Problems) -> (TabBarStyle, StyleChoice) {
        let first = Release.first(with: .floatingBar, on: idiom)
        if given == .glass, let os, !os.has(.floatingBar, on: idiom) {
            let bar = idiom == .pad ? "floating top bar" : "Liquid Glass bar"
            problems.add(KeyPath.root.appending("tabBar").appending("style"),
                         "\(os.name(for: idiom)) (\"os\": \"\(os.major)\") has no \(bar): style \"glass\" needs \"os\" \"\(first.major)\" or later; on \(os.name(for: idiom)) the style is \"classic\"")
        }
        return Self.barStyle(given, os: os, idiom: idiom)
    }

    /// The bar `tabBar.style` and `os` choose, unchecked.
    static func barStyle(_ given: TabBarStyle?, os: OSVersion?, idiom: Device.Idiom) -> (TabBarStyle, StyleChoice) {
        if let given { return (given, .given) }
        guard let os else { return (.classic, .unspecified) }
        return (os.has(.floatingBar, on: idiom) ? .glass : .classic, .byOS(os))
    }
}
