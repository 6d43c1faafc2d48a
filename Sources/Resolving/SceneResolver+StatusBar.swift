import Basics
import Foundation
import Spec

extension SceneResolver {
    /// `statusBar`'s object: 4 bars, a full battery and the Dynamic Island unless it says otherwise; the
    /// date and the carrier's name in the scene's language (`SceneResolver+SystemStrings`).
    func resolveStatusBar(_ spec: StatusBarSpec?, device: Device, locale: String?, _ problems: inout Problems) -> StatusBarState {
        var state = StatusBarState()
        let path = KeyPath.root.appending("statusBar")
        if let bars = spec?.signal {
            if (0...4).contains(bars) { state.signal = bars } else { problems.add(path.appending("signal"), "\(bars) bars is not between 0 and 4") }
        }
        if let charge = problems.check(spec?.battery, path.appending("battery"), in: 0...100, unit: "%") { state.battery = charge / 100 }
        state.dynamicIsland = spec?.dynamicIsland ?? true
        state.date = Self.statusBarDate(locale: locale)
        state.carrier = carrierName(spec, device: device, locale: locale, &problems)
        return state
    }
}
