import Basics
import Foundation
import Spec

/// The iPhone Duo folded, unfolded or turned by the script (`script[i].posture`): from its time on the scene
/// shows on another screen, laid out again as UIKit lays out a window on a live resize (UIKIT-2026.md, "iPhone
/// Duo": "a live resize of the same scene between the two displays"), its bar in the form iOS 27.1 gives it there.
public struct Posture: Sendable, Equatable {
    public var time: TimeInterval
    /// The display turned to the orientation, its strip where the bar's form puts it.
    public var device: Device
    public var verticalBars: VerticalBars?
    /// `script[i]`.
    public var keyPath: KeyPath
}

extension SceneResolver {
    /// `script[i].posture` in time order, each from the display and orientation the one before left (the first
    /// from the scene's `device` and `orientation`). Only on the Duo's presets: elsewhere one problem per entry.
    func resolvePostures(_ spec: SceneSpec, start: Device, os: OSVersion?, style: TabBarStyle, _ problems: inout Problems) -> [Posture] {
        let entries = (spec.script ?? []).enumerated().compactMap { entry -> (offset: Int, time: TimeInterval, action: PostureAction)? in
            guard let action = entry.element.posture, let time = entry.element.at, time >= 0 else { return nil }
            return (entry.offset, time, action)
        }.sorted { ($0.time, $0.offset) < ($1.time, $1.offset) }
        guard !entries.isEmpty else { return [] }
        guard var display = start.foldDisplay else {
            for entry in entries {
                problems.add(KeyPath.root.appending("script").appending(entry.offset).appending("posture"),
                             "only the iPhone Duo folds and unfolds: give \"device\" \"iphone-duo-outer\" or \"iphone-duo-inner\"")
            }
            return []
        }
        var orientation = start.orientation
        return entries.compactMap { entry in
            switch entry.action {
            case .unfold: display = .inner
            case .fold: display = .outer
            case .portrait: orientation = .portrait
            case .landscape: orientation = .landscape
            }
            guard let preset = DevicePreset.named("iphone-duo-\(display.rawValue)") else { return nil }
            var device = preset.oriented(orientation)
            let bars = VerticalBars.decide(device: device, os: os, style: style, behavior: spec.tabBar?.verticalBehavior)
            if bars?.isRail == false { device = device.stripAtTop() }
            return Posture(time: entry.time, device: device, verticalBars: bars,
                           keyPath: KeyPath.root.appending("script").appending(entry.offset))
        }
    }
}

extension ResolvedScene {
    /// The scene as it shows in `posture`: on its device, its bar in its form.
    public func inPosture(_ posture: Posture) -> ResolvedScene {
        var moved = self
        moved.device = posture.device
        moved.verticalBars = posture.verticalBars
        moved.postures = []
        return moved
    }
}

/// `script[i].press`: the Duo's rail pressed (UIKIT-2026.md, "iPhone Duo": labels appear on every tab only
/// while the user presses and drags along the rail).
public struct RailPress: Sendable, Equatable {
    public var time: TimeInterval
    public var duration: TimeInterval
    /// `script[i]`.
    public var keyPath: KeyPath
}

extension SceneResolver {
    /// The presses in time order, each 0.1 to 10 s; only on the Duo's presets.
    func resolvePresses(_ spec: SceneSpec, device: Device, _ problems: inout Problems) -> [RailPress] {
        let presses = (spec.script ?? []).enumerated().compactMap { index, entry -> RailPress? in
            guard let seconds = entry.press, let time = entry.at, time >= 0 else { return nil }
            let path = KeyPath.root.appending("script").appending(index)
            guard device.foldDisplay != nil else {
                problems.add(path.appending("press"), "only the iPhone Duo's vertical rail is pressed: give \"device\" \"iphone-duo-outer\" or \"iphone-duo-inner\"")
                return nil
            }
            guard let duration = problems.check(seconds, path.appending("press"), in: 0.1...10, unit: "s") else { return nil }
            return RailPress(time: time, duration: duration, keyPath: path)
        }
        return Self.inTimeOrder(presses, \.time)
    }
}

extension SceneResolver {
    /// The late-2026 bar's parts the rail has no form for (the sources describe none: a minimized rail, an
    /// accessory beside it, an item apart from it): kept for the screens with a horizontal bar, not drawn on
    /// the rail, one warning each.
    func railWarnings(_ tabBar: TabBar, rails: Bool, _ problems: inout Problems) {
        guard rails else { return }
        let path = KeyPath.root.appending("tabBar")
        let rail = "the iPhone Duo's vertical rail"
        if tabBar.minimizeBehavior != .never {
            problems.warn(path.appending("minimizeBehavior"), "\(rail) does not minimize (no source describes it doing so): it stays whole while the content scrolls")
        }
        if tabBar.accessory != nil {
            problems.warn(path.appending("accessory"), "\(rail) has no bottom accessory (no source shows one beside it): not drawn while the rail shows")
        }
        if let apart = tabBar.detached {
            problems.warn(path.appending("items").appending(apart.index), "on \(rail) every tab sits in the rail (no source shows one apart): item \(apart.index) is drawn inside it")
        }
    }
}
