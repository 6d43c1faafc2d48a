import Foundation

/// Step two of reading a property (lottie-ios's `KeyframeData` → `Keyframe`): the raw JSON variants
/// (`{"a":0,"k":4}`, `{"k":[4]}`, `{"a":1,"k":[{"t":0,"s":[4],"e":[8],…},{"t":9}]}`, numbers as `4.0`) become
/// one `Animated<Value>`.
struct KeyframeDecoder {
    /// Expressions (`x`) are not evaluated: the property keeps its keyframed value, and the file is
    /// reported as using them.
    var onExpression: (String) -> Void = { _ in }

    func vector(_ json: LottieJSON) throws(LottieFileError) -> Animated<Vector> {
        try animated(json) { (v: LottieJSON) throws(LottieFileError) -> Vector in Vector(try v.numbers()) }
    }

    func vector(_ parent: LottieJSON, _ key: String, default fallback: [Double]) throws(LottieFileError) -> Animated<Vector> {
        guard let json = parent.child(key) else { return .fixed(Vector(fallback)) }
        return try vector(json)
    }

    func shape(_ json: LottieJSON) throws(LottieFileError) -> Animated<ShapeValue> {
        try animated(json, Self.shapeValue)
    }

    /// A shape value: `{i, o, v, c}`, or that object wrapped in a one-element array (keyframe `s`).
    static func shapeValue(_ json: LottieJSON) throws(LottieFileError) -> ShapeValue {
        var json = json
        if let items = json.elements {
            guard let first = items.first else { throw LottieFileError(json.path, "an empty shape") }
            json = first
        }
        func points(_ key: String) throws(LottieFileError) -> [Vec2] {
            guard let field = json.child(key) else { return [] }
            if case .array(let raw) = field.node.value, raw.count <= LottieLimits.maxArrayLength / 2 {
                // Fast path: every point two or more plain numbers; anything else goes through the checks below.
                var out: [Vec2] = []
                out.reserveCapacity(raw.count)
                for item in raw {
                    guard let n = LottieJSON(item, path: "").plainNumbers, n.count >= 2 else { break }
                    out.append(Vec2(n[0], n[1]))
                }
                if out.count == raw.count { return out }
            }
            guard let list = field.elements else { return [] }
            guard list.count <= LottieLimits.maxArrayLength / 2 else {
                throw LottieFileError("\(json.path).\(key)", "\(list.count) vertices is more than the limit of \(LottieLimits.maxArrayLength / 2)")
            }
            var out: [Vec2] = []
            out.reserveCapacity(list.count)
            for item in list {
                let n = try item.numbers()
                guard n.count >= 2 else { throw LottieFileError(item.path, "a point needs two numbers") }
                out.append(Vec2(n[0], n[1]))
            }
            return out
        }
        let v = try points("v")
        var i = try points("i"), o = try points("o")
        if i.count != v.count { i = Array(repeating: .zero, count: v.count) }
        if o.count != v.count { o = Array(repeating: .zero, count: v.count) }
        return ShapeValue(vertices: v, inTangents: i, outTangents: o, closed: json.child("c")?.bool ?? false)
    }

    func animated<Value>(_ json: LottieJSON, _ read: (LottieJSON) throws(LottieFileError) -> Value) throws(LottieFileError) -> Animated<Value> {
        if let expression = json.child("x"), case .string(let text) = expression.value, !text.isEmpty { onExpression(json.path) }
        guard json.child("k") != nil || json.has("a") else {
            return .fixed(try read(json))  // a bare value where a property was expected (lenient, as lottie-ios)
        }
        let k = try json.required("k")
        guard let items = k.elements, let first = items.first, case .object(let o) = first.value, o["t"] != nil else {
            return .fixed(try read(k))
        }
        guard items.count <= LottieLimits.maxKeyframes else {
            throw LottieFileError(k.path, "\(items.count) keyframes is more than the limit of \(LottieLimits.maxKeyframes)")
        }
        var keys: [Keyframe<Value>] = []
        keys.reserveCapacity(items.count)
        var previousEnd: Value?
        for item in items {
            let time = try item.required("t").number()
            let start: Value
            if let s = item.child("s") { start = try read(s) } else if let end = previousEnd ?? keys.last?.value {
                start = end  // old exporters end with a lone {"t": …}: the previous segment's `e`
            } else {
                throw LottieFileError(item.path, "a keyframe needs its value (s)")
            }
            let end = try item.child("e").map { (e: LottieJSON) throws(LottieFileError) -> Value in try read(e) }
            previousEnd = end
            if let last = keys.last, time < last.time {
                throw LottieFileError(item.path, "keyframe time \(time) comes before the previous one (\(last.time))")
            }
            keys.append(Keyframe(time: time, value: start, endValue: end, hold: item.child("h")?.bool ?? false,
                                 easing: try easing(item), spatialOut: try point(item.child("to")),
                                 spatialIn: try point(item.child("ti"))))
        }
        return .keyframed(keys)
    }

    private func point(_ json: LottieJSON?) throws(LottieFileError) -> Vec2? {
        guard let json else { return nil }
        let n = try json.numbers()
        return n.count >= 2 ? Vec2(n[0], n[1]) : nil
    }

    private func easing(_ key: LottieJSON) throws(LottieFileError) -> KeyframeEasing {
        func axis(_ name: String, _ component: String, _ fallback: Double) throws(LottieFileError) -> [Double] {
            guard let c = key.child(name)?.child(component) else { return [fallback] }
            let values = try c.numbers()
            return values.isEmpty ? [fallback] : values
        }
        return KeyframeEasing(outX: try axis("o", "x", 0), outY: try axis("o", "y", 0),
                              inX: try axis("i", "x", 1), inY: try axis("i", "y", 1))
    }
}
