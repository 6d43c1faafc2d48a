import protocol Basics.JSONBudget
import struct Basics.JSONContainer

/// What would make reading a Lottie file too costly, refused while it is parsed (`JSONParser.parse(within:)`)
/// with its key path: each object and array is counted as it opens, so that a file past a bound is refused
/// where it passes it, before the parser makes nodes for the rest. The counts `LottieDecoder` bounds
/// (layers, shape items, keyframes per property) are bounded here too, where they cost only a count: the
/// parse costs time and memory for every JSON value, far more than the decoder's checks.
struct LottieBudget: JSONBudget {
    /// What an array holds, by the key it is under.
    private enum Role { case other, layers, shapes, keyframes }

    private struct Frame {
        var isArray: Bool
        var role: Role
        var place: JSONContainer.Place
        /// An array's objects so far.
        var objects = 0
    }

    /// The open containers, the root first.
    private var stack: [Frame] = []
    private var layers = 0, shapeItems = 0, objects = 0

    init() { stack.reserveCapacity(LottieLimits.maxJSONDepth + 2) }

    mutating func opening(_ container: JSONContainer) throws(LottieFileError) {
        var frame = Frame(isArray: container.isArray, role: .other, place: container.place)
        if container.isArray, case .member(let key) = container.place { frame.role = Self.role(key) }
        if !container.isArray { try count(frame) }
        stack.append(frame)
        guard stack.count - 1 <= LottieLimits.maxJSONDepth else {  // the root at depth 0, as `maxJSONDepth` counts
            throw LottieFileError("", "nesting deeper than \(LottieLimits.maxJSONDepth) levels")
        }
    }

    mutating func continuing(arrayOf count: Int) throws(LottieFileError) {
        if count >= LottieLimits.maxArrayLength {
            throw LottieFileError(path(appending: nil), "more than \(LottieLimits.maxArrayLength) elements in one array")
        }
    }

    mutating func closing() { stack.removeLast() }

    /// An object opening (`frame`, not yet on the stack): counted among all objects and, inside an array,
    /// as a layer, a shape item or a keyframe, as `LottieDecoder` counts them (layers and shape items over
    /// the whole file, keyframes per property).
    private mutating func count(_ frame: Frame) throws(LottieFileError) {
        objects += 1
        if objects > LottieLimits.maxJSONObjects {
            throw LottieFileError(path(appending: frame), "more than \(LottieLimits.maxJSONObjects) JSON objects (an icon needs far fewer)")
        }
        guard let parent = stack.last, parent.isArray else { return }
        stack[stack.count - 1].objects += 1
        switch parent.role {
        case .layers:
            layers += 1
            if layers > LottieLimits.maxLayers { throw LottieFileError(path(appending: frame), "more than \(LottieLimits.maxLayers) layers") }
        case .shapes:
            shapeItems += 1
            if shapeItems > LottieLimits.maxShapeItems {
                throw LottieFileError(path(appending: frame), "more than \(LottieLimits.maxShapeItems) shape items")
            }
        case .keyframes:
            if parent.objects + 1 > LottieLimits.maxKeyframes {
                throw LottieFileError(path(appending: nil), "more than \(LottieLimits.maxKeyframes) keyframes in one property")
            }
        case .other: break
        }
    }

    private static func role(_ key: String) -> Role {
        switch key {
        case "layers": return .layers
        case "shapes", "it": return .shapes
        case "k": return .keyframes
        default: return .other
        }
    }

    /// `layers[3].shapes[0]`: the path of `last` inside the open containers, or of the innermost open
    /// container. Made only for a refusal.
    private func path(appending last: Frame?) -> String {
        var text = ""
        for frame in stack + (last.map { [$0] } ?? []) {
            switch frame.place {
            case .root: break
            case .member(let key): text += text.isEmpty ? key : ".\(key)"
            case .element(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
