import Basics
import Foundation
import Graph
import Resolving
import Scene
import SceneLayout

/// The stable JSON form of a timeline (`tabanim timeline --json`), and the numbers an engineer builds the bar
/// from (`spec`). The review page's event list and spec table are made from this same value, so the page
/// and the JSON never disagree. Times in seconds, lengths in points, indices count from 0.
package struct TimelineReport: Encodable {
    package struct Event: Encodable {
        var time: Double
        var kind: String
        var item: Int?
        var from: Int?
        var to: Int?
        var programmatic: Bool?
        var target: String?
        var reason: String?
        var script: Int?
        /// A badge event's new value; `null` when the event clears the badge (present on every badge event).
        var badge: String?

        private enum CodingKeys: String, CodingKey { case time, kind, item, from, to, programmatic, target, reason, script, badge }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(time, forKey: .time)
            try c.encode(kind, forKey: .kind)
            try c.encodeIfPresent(item, forKey: .item)
            try c.encodeIfPresent(from, forKey: .from)
            try c.encodeIfPresent(to, forKey: .to)
            try c.encodeIfPresent(programmatic, forKey: .programmatic)
            try c.encodeIfPresent(target, forKey: .target)
            try c.encodeIfPresent(reason, forKey: .reason)
            try c.encodeIfPresent(script, forKey: .script)
            if kind == "badge" { try c.encode(badge, forKey: .badge) } else { try c.encodeIfPresent(badge, forKey: .badge) }
        }
    }

    package struct Spin: Encodable {
        var start: Double
        var end: Double
        var period: Double
    }

    package struct Transition: Encodable {
        var start: Double
        var end: Double
        var from: Int
        var to: Int
        /// "right": the new content enters from the right.
        var direction: String
        var curve: [Double]
    }

    package struct IconAnimation: Encodable {
        var item: Int
        var start: Double
        var end: Double
        /// "lottie" or the effect's name.
        var kind: String
        var file: String?
        /// The script entry whose didSelect stopped it early.
        var stoppedBy: Int?
    }

    var scene: String
    var duration: Double
    var fps: Double
    var frames: Int
    var events: [Event]
    var spins: [Spin]
    var transitions: [Transition]
    var iconAnimations: [IconAnimation]
    package var spec: Spec

    package init(_ animation: Animation) {
        let scene = animation.scene, timeline = animation.timeline
        self.scene = scene.file
        duration = timeline.duration
        fps = scene.export.fps
        frames = scene.export.frameCount
        events = timeline.events.map {
            Event(time: $0.time, kind: $0.kind.rawValue, item: $0.item, from: $0.from, to: $0.to,
                  programmatic: $0.programmatic, target: $0.target, reason: $0.reason, script: $0.scriptIndex, badge: $0.badge)
        }
        let period = scene.centerButton?.spinPeriod ?? 0
        spins = timeline.spins.map { Spin(start: $0.start, end: $0.end, period: period) }
        transitions = timeline.transitions.map {
            Transition(start: $0.start, end: $0.end, from: $0.from, to: $0.to,
                       direction: $0.direction > 0 ? "right" : "left", curve: $0.easing.controlPoints)
        }
        iconAnimations = timeline.iconAnimations.map { play in
            let animation = scene.tabBar.items[play.item].animation.map(Spec.Animation.init)
            return IconAnimation(item: play.item, start: play.start, end: play.end, kind: animation?.kind ?? "",
                                 file: animation?.file, stoppedBy: play.stoppedBy)
        }
        spec = Spec(scene: scene, layout: animation.layout)
    }
}

// MARK: - The numbers to build from

extension TimelineReport {
    /// What the scene resolved to, laid out: device, bar metrics, item frames, colors, the button, the spin,
    /// the transition, each icon animation. Lengths are rounded to a thousandth of a point.
    package struct Spec: Encodable {
        package struct Frame: Encodable {
            var x, y, width, height: Double
            init(_ rect: Rect) {
                x = Spec.round(rect.minX); y = Spec.round(rect.minY)
                width = Spec.round(rect.width); height = Spec.round(rect.height)
            }
        }

        package struct Position: Encodable {
            var x, y: Double
            init(_ point: Point) { x = Spec.round(point.x); y = Spec.round(point.y) }
        }

        package struct Device: Encodable {
            /// The preset's name, or "custom".
            var name: String
            var width, height: Double
            /// `UIScreen.scale`: device pixels per point.
            var scale: Double
            var safeAreaTop, safeAreaBottom: Double
        }

        package struct TabBar: Encodable {
            /// The whole bar: 49 pt of items and the bottom safe area.
            var frame: Frame
            var itemsHeight: Double
            /// One device pixel above the bar; none in the scroll-edge appearance.
            var hairline: Frame?
            var hairlineColor: String?
            /// Below the bar's top edge.
            var iconCenterY: Double
            var titleBaselineY: Double
            var titleFontSize: Double
            var titleFontWeight: String
            var tintColor: String
            var unselectedItemTintColor: String
            /// nil in the scroll-edge appearance, which draws no background.
            var backgroundColor: String?
            var translucent: Bool
            var appearance: String
            var selectedIndex: Int
        }

        package struct Item: Encodable {
            var index: Int
            var title: String
            var frame: Frame
            var iconFrame: Frame
            /// The centre of the title's baseline.
            var titleBaseline: Position
            var icon: String?
            var selectedIcon: String?
            var rendering: String
            var animation: Animation?
        }

        /// What plays on `didSelect`: a Lottie file or a built-in effect.
        package struct Animation: Encodable {
            /// "lottie" or the effect's name.
            var kind: String
            var file: String?
            var duration: Double
            /// Lottie `fr`, `ip`, `op`, the frames drawn and the canvas (`w` × `h`).
            var frameRate: Double?
            var inPoint: Double?
            var outPoint: Double?
            var frames: Int?
            var canvasWidth: Double?
            var canvasHeight: Double?
            /// An effect's curve, as Bézier control points.
            var curve: [Double]?

            init(_ animation: Resolving.IconAnimation) {
                switch animation {
                case .lottie(let clip):
                    kind = "lottie"; file = clip.asset.displayName
                    frameRate = clip.frameRate; inPoint = clip.inPoint; outPoint = clip.outPoint; frames = clip.frameCount
                    canvasWidth = clip.canvas.width; canvasHeight = clip.canvas.height
                case .effect(let effect):
                    kind = effect.kind.rawValue; curve = effect.easing.controlPoints
                }
                duration = animation.duration
            }
        }

        package struct CenterButton: Encodable {
            var image: String
            var frame: Frame
            var center: Position
            var width, height: Double
            /// Down from the bar's top edge.
            var offsetY: Double
            /// Selected programmatically by the button, counting from 0.
            var selects: Int
            /// Seconds per turn of `transform.rotation.z`, repeating forever.
            var spinPeriod: Double
            /// CABasicAnimation's default timing: linear.
            var spinCurve: [Double]
        }

        package struct Transition: Encodable {
            var style: String
            var duration: Double
            var curve: [Double]
            /// "easeInEaseOut" and the like, when the curve is one of Core Animation's.
            var curveName: String?
        }

        package struct Output: Encodable {
            /// Pixels per point of the GIF, SVG and PNG frames.
            var scale: Double
            var region: String
            /// The part of the screen shown, in points.
            var frame: Frame
            package var pixelWidth, pixelHeight: Int
        }

        var device: Device
        var tabBar: TabBar
        var items: [Item]
        var centerButton: CenterButton?
        var transition: Transition?
        package var output: Output

        init(scene: ResolvedScene, layout: Layout) {
            let d = scene.device, bar = scene.tabBar
            device = Device(name: d.name, width: d.size.width, height: d.size.height, scale: d.scale,
                            safeAreaTop: d.safeAreaTop, safeAreaBottom: d.safeAreaBottom)
            let drawsBackground = bar.appearance == .standard
            // The iPad's and the landscape iPhone's bars report their own metrics (the others: the constants, as before).
            let own = layout.kind == .topBar || layout.kind == .inline ? layout.items.first : nil
            tabBar = TabBar(frame: Frame(layout.bar), itemsHeight: own?.frame.height ?? Layout.itemsHeight,
                            hairline: drawsBackground ? Frame(layout.hairline) : nil,
                            hairlineColor: drawsBackground ? scene.colors.hairline.hex : nil,
                            iconCenterY: (own?.iconFrame.center.y).map { $0 - layout.bar.minY } ?? Layout.iconCenterY,
                            titleBaselineY: (own?.titleBaseline.y).map { $0 - layout.bar.minY } ?? Layout.titleBaselineY,
                            titleFontSize: layout.titleFontSize, titleFontWeight: "\(layout.titleWeight)",
                            tintColor: bar.tintColor.hex, unselectedItemTintColor: bar.unselectedItemTintColor.hex,
                            backgroundColor: drawsBackground ? bar.backgroundColor.hex : nil,
                            translucent: bar.translucent, appearance: bar.appearance.rawValue, selectedIndex: bar.initialSelectedIndex)
            items = zip(bar.items, layout.items).enumerated().map { index, pair in
                let (item, frames) = pair
                return Item(index: index, title: item.title, frame: Frame(frames.frame), iconFrame: Frame(frames.iconFrame),
                            titleBaseline: Position(frames.titleBaseline), icon: item.icon?.displayName,
                            selectedIcon: item.selectedIcon?.displayName, rendering: item.rendering.rawValue,
                            animation: item.animation.map(Animation.init))
            }
            if let button = scene.centerButton, let frame = layout.centerButton {
                centerButton = CenterButton(image: button.image.displayName, frame: Frame(frame), center: Position(frame.center),
                                            width: button.size.width, height: button.size.height, offsetY: button.offsetY,
                                            selects: button.selects, spinPeriod: button.spinPeriod, spinCurve: Easing.linear.controlPoints)
            } else {
                centerButton = nil
            }
            transition = scene.transition.map {
                Transition(style: "slide", duration: $0.duration, curve: $0.easing.controlPoints, curveName: $0.easing.coreAnimationName)
            }
            let region = layout.exportRegion, scale = scene.export.scale
            output = Output(scale: scale, region: scene.export.region.rawValue, frame: Frame(region),
                            pixelWidth: max(1, Int((region.width * scale).rounded())),
                            pixelHeight: max(1, Int((region.height * scale).rounded())))
        }

        /// To a thousandth of a point: enough for any screen, and no 0.30000000000000004.
        static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    }
}

extension Easing {
    /// The scene format's name for the curve ("easeInEaseOut"…), when it is one of Core Animation's.
    var coreAnimationName: String? {
        let named: [(Easing, String)] = [(.linear, "linear"), (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.easeInEaseOut, "easeInEaseOut")]
        return named.first { $0.0 == self }?.1
    }
}
