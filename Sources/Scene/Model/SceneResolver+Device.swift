import Foundation

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
                var message = "unknown device \"\(name)\"; known: \(names.joined(separator: ", "))"
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
        return device
    }

    /// iPadOS 18 and 26's floating top bar "uses only text labels" (gamery.app, "Let's talk about the new tabs
    /// and sidebar in iPadOS 18", 2024-06-13: the images show in the sidebar, which tabanim does not draw):
    /// the icons a scene gives are kept for the other layouts and not drawn there, with one warning.
    func topBarIconWarnings(_ spec: TabBarSpec?, device: Device) -> [Diagnostic] {
        guard device.idiom == .pad, spec?.style == .glass else { return [] }
        let path = KeyPath.root.appending("tabBar").appending("items")
        guard let first = spec?.items?.firstIndex(where: { $0.icon != nil || $0.selectedIcon != nil || $0.animation != nil }) else { return [] }
        return [Diagnostic(file: file, keyPath: path.appending(first),
                           message: "the iPad's floating top bar (tabBar.style \"glass\") shows titles only, as iPadOS 18 and 26 do; its icons and animations are not drawn (use style \"classic\" to show them)")]
    }
}
