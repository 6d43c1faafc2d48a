import Foundation

/// A shape layer's items at one frame → vector nodes. Two passes, as After Effects orders them:
/// 1. items in file order: each path goes into a table; a modifier (trim, round corners) changes the
///    paths before it (in its group and the groups nested there); a fill or stroke notes which paths
///    come before it; a repeater copies everything before it.
/// 2. the notes become nodes, items earlier in the file on top, each fill painting its paths as the
///    modifiers left them (a trim after a fill in the list still trims what the fill paints).
struct ShapeEvaluator {
    let frame: Double
    let options: EvaluationOptions
    private var table: [BezierPath] = []
    /// Table entries made by a boolean merge (`mm` 2–5): its operands (in the entry's coordinates) and mode.
    /// The entry itself holds all their contours, for what strokes or trims it.
    private var merges: [Int: (operands: [BezierPath], mode: MergeMode)] = [:]
    /// With `options.trimsAsDashes`: table entries a moving trim left whole, with what it keeps of each
    /// contour and the path as the trim cuts it (for what a dash cannot draw).
    private var deferred: [Int: (windows: [TrimWindow], cut: BezierPath)] = [:]

    init(frame: Double, options: EvaluationOptions) { self.frame = frame; self.options = options }

    /// A path of the table, seen through `transform` (into the coordinates of the group that paints it).
    struct PathRef { var id: Int; var transform: Affine }

    indirect enum Draft {
        case group(Affine, opacity: Double, [Draft])
        case fill(FillItem, [PathRef])
        case stroke(StrokeItem, [PathRef])
    }

    struct Result {
        /// Bottom to top.
        var drafts: [Draft] = []
        /// In file order.
        var refs: [PathRef] = []
    }

    /// The drawing of `items` (a layer's `shapes`).
    mutating func nodes(_ items: [ShapeItem]) throws(LottieFileError) -> [VectorNode] {
        let result = try evaluate(items[...], depth: 0)
        return result.drafts.flatMap { resolve($0, opacity: 1) }
    }

    // MARK: - Pass 1

    private mutating func evaluate(_ items: ArraySlice<ShapeItem>, depth: Int) throws(LottieFileError) -> Result {
        var result = Result()
        var layered: [Draft] = []  // file order
        var rest = items
        if let k = items.lastIndex(where: { if case .repeater = $0 { return true } else { return false } }),
           case .repeater(let repeater) = items[k] {
            let block = try evaluate(items[items.startIndex..<k], depth: depth)
            let copies = try repeated(block, repeater, depth: depth)
            layered.append(.group(.identity, opacity: 1, copies.drafts))
            result.refs = copies.refs
            rest = items[(k + 1)...]
        }
        for item in rest {
            switch item {
            case .group(let children, let transform):
                let inner = try evaluate(children[...], depth: depth + 1)
                let m = transform.matrix(at: frame, options)
                result.refs += inner.refs.map { PathRef(id: $0.id, transform: m.concatenating($0.transform)) }
                layered.append(.group(m, opacity: transform.opacity(at: frame, options), inner.drafts))
            case .path(let shape, let reversed):
                let contour = shape.value(at: frame, options: options).contour
                try add(BezierPath([reversed ? contour.reversed : contour]), to: &result)
            case .rectangle(let p, let s, let r, let reversed):
                try add(BezierPath([ShapeGeometry.rectangle(center: p.value(at: frame, options: options).point,
                                                            size: s.value(at: frame, options: options).point,
                                                            radius: r.value(at: frame, options: options).x, reversed: reversed)]), to: &result)
            case .ellipse(let p, let s, let reversed):
                try add(BezierPath([ShapeGeometry.ellipse(center: p.value(at: frame, options: options).point,
                                                          size: s.value(at: frame, options: options).point, reversed: reversed)]), to: &result)
            case .polystar(let star):
                try add(BezierPath([ShapeGeometry.polystar(star, at: frame, options)]), to: &result)
            case .fill(let fill): layered.append(.fill(fill, result.refs))
            case .stroke(let stroke): layered.append(.stroke(stroke, result.refs))
            case .trim(let trim):
                let trimmer = PathTrimmer(start: trim.start.value(at: frame, options: options).x / 100,
                                          end: trim.end.value(at: frame, options: options).x / 100,
                                          offset: trim.offset.value(at: frame, options: options).x / 360)
                let ids = unique(result.refs)
                for id in ids { realise(id) }
                let paths = ids.map { table[$0] }
                let trimmed = trim.individually ? trimmer.trimTogether(paths) : trimmer.trimEach(paths)
                if options.trimsAsDashes, trim.moves, let windows = trimmer.windows(paths, together: trim.individually) {
                    for (k, id) in ids.enumerated() { deferred[id] = (windows[k], trimmed[k]) }
                } else {
                    for (id, path) in zip(ids, trimmed) { table[id] = path }
                }
            case .roundCorners(let radius):
                let r = radius.value(at: frame, options: options).x
                for id in unique(result.refs) {
                    realise(id)
                    table[id] = CornerRounder.round(table[id], radius: r)
                }
            case .merge(let mode?):
                for id in unique(result.refs) { realise(id) }
                let operands = result.refs.map { table[$0.id].transformed($0.transform) }
                guard !operands.isEmpty else { break }
                try add(BezierPath(operands.flatMap(\.contours)), to: &result)
                let id = table.count - 1
                merges[id] = (operands, mode)
                result.refs = [PathRef(id: id, transform: .identity)]
            case .merge(nil), .transform, .ignored, .repeater:
                break  // merge mode 1 draws the paths together, as a fill after it does anyway
            }
        }
        result.drafts = layered.reversed()
        return result
    }

    private mutating func add(_ path: BezierPath, to result: inout Result) throws(LottieFileError) {
        guard table.count < LottieLimits.maxPathsPerFrame else {
            throw LottieFileError("", "more than \(LottieLimits.maxPathsPerFrame) paths in one frame (repeaters inside repeaters?)")
        }
        table.append(path)
        result.refs.append(PathRef(id: table.count - 1, transform: .identity))
    }

    /// A trim left to dashes becomes the cut path, for a modifier after it (which a dash cannot follow).
    private mutating func realise(_ id: Int) {
        if let held = deferred.removeValue(forKey: id) { table[id] = held.cut }
    }

    /// Each id once, in order (a repeater's copies share their paths).
    private func unique(_ refs: [PathRef]) -> [Int] {
        var seen = Set<Int>()
        return refs.map(\.id).filter { seen.insert($0).inserted }
    }

    /// `rp`: copy k (from 0) drawn through position·k, rotation·k, scale^k about the anchor (lottie-web's
    /// `RepeaterModifier`), its opacity going from `so` to `eo`. Returns the copies bottom to top.
    private func repeated(_ block: Result, _ repeater: RepeaterItem, depth: Int) throws(LottieFileError) -> Result {
        // Without paths the copies would paint nothing: stop here, before nested repeaters multiply empty drafts.
        guard !block.refs.isEmpty else { return Result() }
        let count = Int(min(max(repeater.copies.value(at: frame, options: options).x, 0), Double(LottieLimits.maxRepeaterCopies)).rounded(.down))
        guard block.refs.count * count + table.count <= LottieLimits.maxPathsPerFrame else {
            throw LottieFileError("", "more than \(LottieLimits.maxPathsPerFrame) paths in one frame (repeaters inside repeaters?)")
        }
        let offset = repeater.offset.value(at: frame, options: options).x
        let t = repeater.transform
        let a = t.anchor.value(at: frame, options: options).point, p = t.position(at: frame, options)
        let s = t.scale.value(at: frame, options: options), r = t.rotation.value(at: frame, options: options).x
        let so = (t.startOpacity?.value(at: frame, options: options).x ?? 100) / 100
        let eo = (t.endOpacity?.value(at: frame, options: options).x ?? 100) / 100
        var out = Result()
        for k in 0..<count {
            let j = Double(k) + offset
            let m = Affine.translation(p.x * j + a.x, p.y * j + a.y).concatenating(.rotation(degrees: r * j))
                .concatenating(.scale(pow(s.x / 100, j), pow(s.y / 100, j))).concatenating(.translation(-a.x, -a.y))
            let opacity = count > 1 ? so + (eo - so) * Double(k) / Double(count - 1) : so
            out.drafts.append(.group(m, opacity: opacity, block.drafts))
            out.refs += block.refs.map { PathRef(id: $0.id, transform: m.concatenating($0.transform)) }
        }
        if !repeater.newCopiesAbove { out.drafts.reverse() }
        return out
    }

    // MARK: - Pass 2

    private func resolve(_ draft: Draft, opacity: Double) -> [VectorNode] {
        switch draft {
        case .group(let m, let o, let children):
            let inner = children.flatMap { resolve($0, opacity: opacity * o) }
            // A group scaled to 0 draws nothing (`Affine.isInvertible`).
            return inner.isEmpty || !m.isInvertible ? [] : [.group(transform: m, opacity: 1, children: inner)]
        case .fill(let fill, let refs):
            let path = joined(refs).path
            let alpha = opacity * min(max(fill.opacity.value(at: frame, options: options).x / 100, 0), 1)
            guard !path.isEmpty, alpha > 0 else { return [] }
            if refs.count == 1, let ref = refs.first, let merge = merges[ref.id] {
                return [.merged(operands: merge.operands.map { $0.transformed(ref.transform) }, mode: merge.mode,
                                paint: paint(fill.paint, opacity: alpha), rule: fill.rule)]
            }
            return [.fill(path, paint: paint(fill.paint, opacity: alpha), rule: fill.rule)]
        case .stroke(let stroke, let refs):
            let alpha = opacity * min(max(stroke.opacity.value(at: frame, options: options).x / 100, 0), 1)
            let width = stroke.width.value(at: frame, options: options).x
            var dashes = stroke.dashes.map { max(0, $0.length.value(at: frame, options: options).x) }
            if dashes.count % 2 == 1 { dashes += dashes }
            if dashes.allSatisfy({ $0 == 0 }) { dashes = [] }
            var style = StrokeStyle(width: width, cap: stroke.cap, join: stroke.join, miterLimit: stroke.miterLimit, dashes: dashes,
                                    dashOffset: stroke.dashOffset?.value(at: frame, options: options).x ?? 0)
            var path = joined(refs).path
            // A trim left to dashes, where the dash says exactly what the cut would: an undashed stroke, each
            // trimmed path drawn through a similarity (which keeps the fractions of its length). The stroke
            // stays while the trim keeps nothing (a dash of length 0), so that the drawing keeps its shape.
            if dashes.isEmpty, refs.contains(where: { deferred[$0.id] != nil }),
               refs.allSatisfy({ deferred[$0.id] == nil || $0.transform.isSimilarity }) {
                let whole = joined(refs, keepingTrims: true)
                if whole.trim.allSatisfy({ $0.pathLength > 1e-9 }) { (path, style.trim) = (whole.path, whole.trim) }
            }
            guard !path.isEmpty, alpha > 0, width > 0 else { return [] }
            return [.stroke(path, paint: paint(stroke.paint, opacity: alpha), style: style)]
        }
    }

    /// The paths of `refs` in the painting group's coordinates, as trims cut them, or (`keepingTrims`)
    /// whole, with one window per contour (all of a contour no trim moves).
    private func joined(_ refs: [PathRef], keepingTrims: Bool = false) -> (path: BezierPath, trim: [TrimWindow]) {
        var contours: [BezierContour] = [], trim: [TrimWindow] = []
        for ref in refs {
            let held = deferred[ref.id]
            let path = keepingTrims ? table[ref.id] : (held?.cut ?? table[ref.id])
            for (k, contour) in path.transformed(ref.transform).contours.enumerated() where !contour.vertices.isEmpty {
                contours.append(contour)
                if keepingTrims {
                    trim.append(held.map { $0.windows[k] } ?? TrimWindow(pathLength: 1, length: 1, dashOffset: 0))
                }
            }
        }
        return (BezierPath(contours), trim)
    }

    private func paint(_ source: PaintSource, opacity: Double) -> Paint {
        switch source {
        case .color(let c):
            let v = c.value(at: frame, options: options)
            return .color(RGBA.lottie(v.values, alpha: opacity))
        case .gradient(let g):
            let stops = GradientStops.decode(g.stops.value(at: frame, options: options).values, colorCount: g.colorStopCount)
            let start = g.start.value(at: frame, options: options).point, end = g.end.value(at: frame, options: options).point
            guard g.isRadial else { return .linear(start: start, end: end, stops: stops, opacity: opacity) }
            return .radial(center: start, end: end, highlightLength: g.highlightLength?.value(at: frame, options: options).x ?? 0,
                           highlightAngle: g.highlightAngle?.value(at: frame, options: options).x ?? 0, stops: stops, opacity: opacity)
        }
    }
}

extension TrimItem {
    /// Whether `s`, `e` or `o` is keyframed.
    var moves: Bool {
        [start, end, offset].contains { if case .keyframed = $0 { return true } else { return false } }
    }
}

extension Affine {
    /// Whether the linear part is a uniform scale with a rotation (or a reflection): lengths along any
    /// path keep their ratios through it.
    var isSimilarity: Bool {
        let x = a * a + b * b, y = c * c + d * d
        return abs(x - y) <= 1e-9 * max(x, y, 1) && abs(a * c + b * d) <= 1e-9 * max(x, y, 1)
    }
}
