import Basics
import Foundation
import Scene

extension SceneComparison {
    /// The stable JSON form (`tabanim diff --json`): each change with its key, its values, its regions in
    /// each scene's screen points and the stretches of the clock where the pictures differ. Lengths are
    /// rounded to a thousandth of a point, times to a thousandth of a second; items count from 0.
    public struct Report: Encodable {
        public struct Region: Encodable, Equatable {
            public var x, y, width, height: Double
            init(_ rect: Rect) {
                x = Report.round(rect.minX); y = Report.round(rect.minY)
                width = Report.round(rect.width); height = Report.round(rect.height)
            }
        }

        public struct Side: Encodable {
            public var scene: String
            public var label: String
            public var duration: Double
            public var fps: Double
            /// The part of its screen shown (`export.region`, or `--region`).
            public var region: Region
        }

        public struct Entry: Encodable {
            public var kind: String
            public var key: String
            public var summary: String
            public var before: String?
            public var after: String?
            public var itemA: Int?
            public var itemB: Int?
            public var regionA: Region?
            public var regionB: Region?
            /// [start, end) pairs in seconds on the clock.
            public var differs: [[Double]]
        }

        /// Where each scene stands in `tabanim diff`'s picture (points), when one was drawn.
        public struct Picture: Encodable {
            public var file: String
            public var width: Double
            public var height: Double
            public var panelA: Region
            public var panelB: Region
        }

        public var summary: String
        public var a: Side
        public var b: Side
        /// The clock: the longer loop at the higher frame rate.
        public var duration: Double
        public var fps: Double
        /// What the shorter loop does while the longer plays on; null when they are as long.
        public var loops: String?
        public var changes: [Entry]
        public var picture: Picture?

        static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

        private enum CodingKeys: String, CodingKey { case summary, a, b, duration, fps, loops, changes, picture }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(summary, forKey: .summary)
            try c.encode(a, forKey: .a)
            try c.encode(b, forKey: .b)
            try c.encode(duration, forKey: .duration)
            try c.encode(fps, forKey: .fps)
            try c.encode(loops, forKey: .loops)  // null rather than absent: always there to read
            try c.encode(changes, forKey: .changes)
            try c.encodeIfPresent(picture, forKey: .picture)
        }
    }

    /// The report of this comparison of `a` and `b` (labelled as in the picture).
    public func report(_ a: Animation, _ b: Animation, labels: (String, String), picture: (file: String, ComparisonPicture)? = nil) -> Report {
        func side(_ animation: Animation, _ label: String) -> Report.Side {
            Report.Side(scene: animation.scene.file, label: label, duration: animation.scene.export.duration, fps: animation.scene.export.fps,
                        region: .init(animation.layout.exportRegion))
        }
        let entries = changes.map { change in
            Report.Entry(kind: change.kind.rawValue, key: change.key, summary: change.phrase, before: change.before, after: change.after,
                         itemA: change.itemA, itemB: change.itemB, regionA: change.regionA.map(Report.Region.init),
                         regionB: change.regionB.map(Report.Region.init),
                         differs: change.differs.map { [Report.round($0.start), Report.round($0.end)] })
        }
        let drawn = picture.map { file, picture in
            Report.Picture(file: file, width: Report.round(picture.graph.viewport.width), height: Report.round(picture.graph.viewport.height),
                           panelA: .init(picture.panelA), panelB: .init(picture.panelB))
        }
        return Report(summary: summary, a: side(a, labels.0), b: side(b, labels.1), duration: Report.round(duration), fps: fps,
                      loops: loopNote(), changes: entries, picture: drawn)
    }
}
