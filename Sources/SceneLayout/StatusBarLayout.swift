import Basics
import Foundation
import Graph
import Resolving
import Spec

/// The status bar's frames, from `../shared/UIKIT-2026.md`, "Status bar" (12 captures, iOS 11–26, iPhone
/// and iPad, light and dark: the geometry is the same in both, only the ink flips, black or white). It
/// belongs to the window, not to a tab, so it stays put while contents slide; right to left it is mirrored
/// (the time on the right, the battery on the left) by `Layout.leading`, the one mirroring function.
///
/// - Dynamic Island iPhones (a top safe area of 59 pt or more), measured on 402-pt iPhones (iOS 16–26): the
///   time 17 pt Semibold, its baseline at 38.67 pt, its ink centred at x 74 (the advance is centred there:
///   the Inter stand-in's ink lands at 73.33, bench/chrome.py); four cellular bars 3.33 pt wide
///   at a 5.33-pt pitch, 4.67 / 7 / 9.67 / 12.33 pt tall, their bottom on the time's baseline; Wi-Fi
///   16.67 × 12.3 pt, 7.5 pt after the bars; the battery body 25 × 13 pt 7.5 pt after it, 0.33 pt lower than
///   the baseline, outline radius 4.5 at 40 % ink, a 21 × 9 pt fill (radius 3) 1 pt inside, a 1.33 × 4 pt
///   cap 1 pt after the body at 50 %, which ends 35.33 pt from the screen's right edge; the Dynamic Island,
///   a black 125.5 × 36.83 pt capsule centred at y 32.33. On 393, 430 and 440-pt screens the same sizes are
///   drawn at the same distances from the edges (chosen: only 402-pt screens were measured).
/// - Notch iPhones (44–58 pt): iOS 14's 414-pt capture (time 16 pt, baseline 28.33, centred at x 57.1;
///   dots 3.33 wide at a 5-pt pitch; Wi-Fi 15.8 × 11.8; battery 24 × 12.33; gaps 6.6); the bar heights
///   the 402-pt ones scaled as the Wi-Fi glyph is (11.8 / 12.3), and the cluster ending 27.33 pt from the
///   right edge as on iOS 16's 428-pt capture (both chosen).
/// - Home-button iPhones (20 pt): the time 12 pt, centred; the carrier's name 12 pt Regular at the left;
///   the 402-pt cluster at 12/17 of its size, 6 pt from the right edge (chosen).
/// - iPads (iPadOS 26, 1210-pt landscape): the time 14 pt, left-aligned at x 26, then the date; bars 3.5 pt
///   wide at a 5-pt pitch, 4.5–11 pt tall; Wi-Fi 14.3 × 9.9; battery 25 × 13; centre line y 16; the
///   cluster's right end 26 pt from the edge, as the time's left (chosen).
public struct StatusBarLayout: Sendable, Equatable {
    /// One cellular bar; `index` counts from the shortest (0) up.
    public struct SignalBar: Sendable, Equatable {
        public var index: Int
        public var frame: Rect
        public var cornerRadius: Double
    }

    /// The Dynamic Island's capsule, when the device has one.
    public var island: Rect?
    public var time: TextSlot
    /// iPads: the date after the time.
    public var date: TextSlot?
    /// Home-button iPhones: the carrier's name before the time.
    public var carrier: TextSlot?
    /// The battery's outline (its size names the built-in glyph) and the outline's corner radius.
    public var batteryBody: Rect
    public var batteryRadius: Double
    /// The charge's fill at `statusBar.battery`: nil at 0 %.
    public var batteryFill: Rect?
    public var batteryFillRadius: Double
    public var batteryCap: Rect
    public var wifi: Rect
    public var signal: [SignalBar]
    /// The iPhone Duo's vertical status bar in its strip (`stacked(in:)`): only the time and the Wi-Fi glyph
    /// are drawn, the battery and the bars are not.
    public var isStacked = false

    /// One family's measured geometry (see the type's comment), in points.
    struct Metrics {
        var timeSize: Double
        var timeWeight: FontWeight = .semibold
        /// Where the time's baseline is, and its ink's centre (or, with `timeLeading`, its left end).
        var timeBaseline: Double
        var timeX: Double
        var timeLeading = false
        /// What follows the time on an iPad; what precedes it on a home-button iPhone.
        var hasDate = false
        var hasCarrier = false
        var barWidth: Double
        var barPitch: Double
        var barHeights: [Double]
        /// The bars' bottom and the Wi-Fi glyph's bottom.
        var bottom: Double
        var wifi: Size
        var battery: Size
        var batteryRadius: Double
        var gap: Double
        /// From the cap's end to the screen's right edge.
        var rightInset: Double
        var island: Rect? = nil

        /// The 402-pt iPhones' bar heights (measured).
        static let islandBarHeights = [4.67, 7, 9.67, 12.33]

        static func of(_ device: Device, screenWidth: Double) -> Metrics? {
            let top = device.safeAreaTop
            if device.idiom == .pad {
                return Metrics(timeSize: 14, timeWeight: .medium, timeBaseline: 21, timeX: 26, timeLeading: true, hasDate: true,
                               barWidth: 3.5, barPitch: 5, barHeights: [4.5, 6.67, 8.83, 11], bottom: 21.5,
                               wifi: Size(width: 14.3, height: 9.9), battery: Size(width: 25, height: 13), batteryRadius: 4.5,
                               gap: 6.5, rightInset: 26)
            }
            if top >= 59 || device.foldDisplay != nil {
                return Metrics(timeSize: 17, timeBaseline: 38.67, timeX: 74,
                               barWidth: 3.33, barPitch: 5.33, barHeights: islandBarHeights, bottom: 38.67,
                               wifi: Size(width: 16.67, height: 12.3), battery: Size(width: 25, height: 13), batteryRadius: 4.5,
                               gap: 7.5, rightInset: 35.33,
                               island: Rect(x: (screenWidth - 125.5) / 2, y: 13.92, width: 125.5, height: 36.83))
            }
            if top >= 44 {
                return Metrics(timeSize: 16, timeBaseline: 28.33, timeX: 57.1,
                               barWidth: 3.33, barPitch: 5, barHeights: islandBarHeights.map { $0 * 11.8 / 12.3 }, bottom: 28.33,
                               wifi: Size(width: 15.8, height: 11.8), battery: Size(width: 24, height: 12.33), batteryRadius: 3.8,
                               gap: 6.6, rightInset: 27.33)
            }
            guard top >= 20 else { return nil }
            let k = 12.0 / 17
            return Metrics(timeSize: 12, timeBaseline: 14.5, timeX: screenWidth / 2, hasCarrier: true,
                           barWidth: 3.33 * k, barPitch: 5.33 * k, barHeights: islandBarHeights.map { $0 * k }, bottom: 14.5,
                           wifi: Size(width: 16.67 * k, height: 12.3 * k), battery: Size(width: 25 * k, height: 13 * k), batteryRadius: 4.5 * k,
                           gap: 7.5 * k, rightInset: 6)
        }
    }

    /// The cap's opacity in the ink (measured: 50 %), and that of the bars past the signal (20 %, as iOS draws them).
    public static let capOpacity = 0.5
    public static let unlitOpacity = 0.2

    /// The home-button iPhone's carrier name starts this far from the leading edge (chosen, as its cluster's inset).
    static let carrierInset = 6.0
    /// The iPad's date follows the time, a space's width after its advance (about 0.6 em for "9:41"): 2.6 em.
    static let dateOffsetEms = 2.6
    /// The battery's proportions at the measured body height of 13 pt, scaled with the body: the cap 1.33 × 4 pt,
    /// 1 pt after the body; the fill 2 pt inside the outline's outer edge.
    static let measuredBatteryHeight = 13.0
    static let capSize = Size(width: 1.33, height: 4)
    static let capGap = 1.0
    static let fillInset = 2.0
    /// The least corner radius of the fill (chosen: a round end at any size).
    static let minimumFillRadius = 0.5
    /// The battery's body sits this far below the baseline (measured).
    static let batteryDrop = 0.33
    /// A cellular bar's corner radius: its width over this, at most 1 pt (chosen).
    static let barWidthPerRadius = 3.0

    /// The iPhone Duo's status bar in the strip on the hardware's side (UIKIT-2026.md, "iPhone Duo": the
    /// camera, then the time stacked above the Wi-Fi glyph, at the strip's top). The sources give the order
    /// only: tabanim centres both in the 84-pt strip, the time 17 pt Semibold (the Dynamic Island iPhones')
    /// on a baseline 52 pt from the top, the 16.67 × 12.3 pt Wi-Fi glyph 8 pt below it (chosen). It stays on
    /// the hardware's side right to left, as the strip does. No battery or bars (the sources show none).
    static let stackedTimeBaseline = 52.0
    static let stackedWifiGap = 8.0

    private mutating func stack(in screen: Rect, strip: Double) {
        let x = screen.maxX - strip / 2
        time = TextSlot(x: x, baseline: Self.stackedTimeBaseline, alignment: .center, fontSize: time.fontSize, weight: time.weight,
                        in: screen, rightToLeft: false)
        wifi = Rect(x: x - wifi.width / 2, y: Self.stackedTimeBaseline + Self.stackedWifiGap, width: wifi.width, height: wifi.height)
        island = nil; date = nil; carrier = nil; signal = []
        isStacked = true
    }

    /// The status bar of `scene` on `screen`, mirrored right to left; nil when none is drawn.
    init?(_ scene: ResolvedScene, screen: Rect) {
        guard scene.showsStatusBar, let m = Metrics.of(scene.device, screenWidth: screen.width) else { return nil }
        let rightToLeft = scene.isRightToLeft
        func place(_ r: Rect) -> Rect { Layout.leading(r, in: screen, rightToLeft: rightToLeft) }
        func slot(size: Double, weight: FontWeight, x: Double, alignment: Text.Alignment) -> TextSlot {
            TextSlot(x: x, baseline: m.timeBaseline, alignment: alignment, fontSize: size, weight: weight, in: screen, rightToLeft: rightToLeft)
        }
        // The iPhone Duo has a camera in its strip, no Dynamic Island.
        island = scene.statusBar.dynamicIsland && scene.device.foldDisplay == nil ? m.island : nil
        time = slot(size: m.timeSize, weight: m.timeWeight, x: m.timeX, alignment: m.timeLeading ? .leading : .center)
        date = m.hasDate ? slot(size: m.timeSize, weight: m.timeWeight, x: m.timeX + Self.dateOffsetEms * m.timeSize, alignment: .leading) : nil
        carrier = m.hasCarrier ? slot(size: m.timeSize, weight: .regular, x: Self.carrierInset, alignment: .leading) : nil
        // From the right edge leftwards: the cap, the body, the Wi-Fi glyph, the bars.
        let h = m.battery.height, unit = Self.measuredBatteryHeight
        let capEnd = screen.width - m.rightInset
        let cap = Size(width: Self.capSize.width * h / unit, height: Self.capSize.height * h / unit)
        let body = Rect(x: capEnd - cap.width - Self.capGap * h / unit - m.battery.width, y: m.bottom + Self.batteryDrop - h,
                        width: m.battery.width, height: h)
        batteryBody = place(body)
        batteryRadius = m.batteryRadius
        // The fill: as long as the charge (`statusBar.battery`), from the left, at least its two round ends;
        // none at 0 %.
        let inset = Self.fillInset * h / unit, full = body.width - 2 * inset, fillHeight = body.height - 2 * inset
        batteryFillRadius = max(m.batteryRadius - inset, Self.minimumFillRadius)
        let charge = scene.statusBar.battery
        batteryFill = charge > 0
            ? place(Rect(x: body.minX + inset, y: body.minY + inset, width: min(full, max(full * charge, 2 * batteryFillRadius)), height: fillHeight))
            : nil
        batteryCap = place(Rect(x: capEnd - cap.width, y: body.center.y - cap.height / 2, width: cap.width, height: cap.height))
        let wifiFrame = Rect(x: body.minX - m.gap - m.wifi.width, y: m.bottom - m.wifi.height, width: m.wifi.width, height: m.wifi.height)
        wifi = place(wifiFrame)
        let barsEnd = wifiFrame.minX - m.gap
        signal = m.barHeights.enumerated().map { index, height in
            let x = barsEnd - Double(m.barHeights.count - index - 1) * m.barPitch - m.barWidth
            return SignalBar(index: index, frame: place(Rect(x: x, y: m.bottom - height, width: m.barWidth, height: height)),
                             cornerRadius: min(1, m.barWidth / Self.barWidthPerRadius))
        }
        if scene.device.foldDisplay != nil, scene.device.safeAreaRight > 0 { stack(in: screen, strip: scene.device.safeAreaRight) }
    }
}
