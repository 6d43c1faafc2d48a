import Foundation

/// One pass over a Lottie file's bytes before it is parsed: what would make parsing or reading it too costly
/// is refused here, with its key path, in time in proportion to the file's size, and no memory but a stack
/// as deep as the document. The parse (`JSONParser`) costs time and memory for every JSON value, far more
/// than the scan, so the counts that `LottieDecoder` bounds
/// (layers, shape items, keyframes per property) and the number of objects are bounded before it runs.
///
/// It reads the bytes as an array (bounds-checked), with no unsafe pointer. The scan does not check the
/// syntax: a malformed document stops the scan, and `JSONParser` then reports it with its line and column.
struct LottieJSONScan {
    /// What an array holds, by the key it is under.
    private enum Role: UInt8 { case other, layers, shapes, keyframes }

    private struct Frame {
        var isArray: Bool
        var role: Role
        /// The byte range of the key this container is under, when its parent is an object.
        var keyStart = 0, keyEnd = 0
        /// Its index, when its parent is an array.
        var index = 0
        /// An array's commas so far (its elements, less one) and its objects.
        var commas = 0
        var objects = 0
    }

    private var stack: [Frame] = []
    private var layers = 0, shapeItems = 0, objects = 0

    /// Throws the first bound `bytes` exceed; returns when within them (or when the document is malformed).
    static func check(_ bytes: Data) throws(LottieFileError) {
        var scan = LottieJSONScan()
        scan.stack.reserveCapacity(LottieLimits.maxJSONDepth + 2)
        try scan.run([UInt8](bytes))
    }

    private mutating func run(_ b: [UInt8]) throws(LottieFileError) {
        var i = 0, keyStart = 0, keyEnd = 0, stringStart = 0, stringEnd = 0
        let n = b.count
        while i < n {
            let c = b[i]
            switch c {
            case UInt8(ascii: "\""):
                stringStart = i + 1
                i += 1
                while i < n, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
                stringEnd = min(i, n)
            case UInt8(ascii: ":"):
                (keyStart, keyEnd) = (stringStart, stringEnd)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isArray = c == UInt8(ascii: "[")
                var frame = Frame(isArray: isArray, role: .other)
                if let parent = stack.last {
                    if parent.isArray {
                        frame.index = parent.commas
                    } else {
                        (frame.keyStart, frame.keyEnd) = (keyStart, keyEnd)
                        if isArray { frame.role = Self.role(b, keyStart, keyEnd) }
                    }
                }
                if !isArray { try count(frame, b) }
                stack.append(frame)
                guard stack.count - 1 <= LottieLimits.maxJSONDepth else {  // the root at depth 0, as `maxJSONDepth` counts
                    throw LottieFileError("", "nesting deeper than \(LottieLimits.maxJSONDepth) levels")
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let top = stack.popLast(), top.isArray == (c == UInt8(ascii: "]")) else { return }  // malformed
            case UInt8(ascii: ","):
                guard !stack.isEmpty, stack[stack.count - 1].isArray else { break }
                stack[stack.count - 1].commas += 1
                if stack[stack.count - 1].commas >= LottieLimits.maxArrayLength {
                    throw LottieFileError(path(b, appending: nil), "more than \(LottieLimits.maxArrayLength) elements in one array")
                }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            default:
                break  // a number, true, false or null
            }
            i += 1
        }
    }

    /// An object opening (`frame`, not yet on the stack): counted among all objects and, inside an array,
    /// as a layer, a shape item or a keyframe, as `LottieDecoder` counts them (layers and shape items over
    /// the whole file, keyframes per property).
    private mutating func count(_ frame: Frame, _ b: [UInt8]) throws(LottieFileError) {
        objects += 1
        if objects > LottieLimits.maxJSONObjects {
            throw LottieFileError(path(b, appending: frame), "more than \(LottieLimits.maxJSONObjects) JSON objects (an icon needs far fewer)")
        }
        guard let parent = stack.last, parent.isArray else { return }
        stack[stack.count - 1].objects += 1
        switch parent.role {
        case .layers:
            layers += 1
            if layers > LottieLimits.maxLayers { throw LottieFileError(path(b, appending: frame), "more than \(LottieLimits.maxLayers) layers") }
        case .shapes:
            shapeItems += 1
            if shapeItems > LottieLimits.maxShapeItems {
                throw LottieFileError(path(b, appending: frame), "more than \(LottieLimits.maxShapeItems) shape items")
            }
        case .keyframes:
            if parent.objects + 1 > LottieLimits.maxKeyframes {
                throw LottieFileError(path(b, appending: nil), "more than \(LottieLimits.maxKeyframes) keyframes in one property")
            }
        case .other: break
        }
    }

    private static func role(_ b: [UInt8], _ start: Int, _ end: Int) -> Role {
        func equals(_ word: StaticString) -> Bool {
            guard end - start == word.utf8CodeUnitCount else { return false }
            return (0..<(end - start)).allSatisfy { b[start + $0] == word.utf8Start[$0] }
        }
        if equals("layers") { return .layers }
        if equals("shapes") || equals("it") { return .shapes }
        if equals("k") { return .keyframes }
        return .other
    }

    // MARK: - Key paths, made only for a refusal

    /// `layers[3].shapes[0]`: the path of `last` inside the open containers (the root first), or of the
    /// innermost open container.
    private func path(_ b: [UInt8], appending last: Frame?) -> String {
        let frames = stack + (last.map { [$0] } ?? [])
        var text = ""
        for d in frames.indices.dropFirst() {
            if frames[d - 1].isArray {
                text += "[\(frames[d].index)]"
            } else {
                let key = String(decoding: b[frames[d].keyStart..<frames[d].keyEnd], as: UTF8.self)
                text += text.isEmpty ? key : ".\(key)"
            }
        }
        return text
    }
}
