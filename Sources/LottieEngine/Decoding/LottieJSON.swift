import Foundation
import struct Basics.JSONNode

/// A JSON value of a Lottie file (a node of tabanim's one JSON reader, `Basics.JSONParser`) with the key path
/// that leads to it, for errors that say where.
struct LottieJSON {
    enum Value {
        case number(Double), string(String), bool(Bool), array([JSONNode]), object(Members), null
    }
    /// An object's members in file order; a key given twice is read as its last value, as Foundation's
    /// parser read it.
    struct Members {
        let list: [(key: String, node: JSONNode)]
        subscript(key: String) -> JSONNode? { list.last { $0.key == key }?.node }
    }
    let node: JSONNode
    /// Keys and array indices from the top, e.g. `layers[2].shapes[0].it[1].c.k`.
    let path: String

    init(_ node: JSONNode, path: String) { self.node = node; self.path = path }

    var value: Value {
        switch node.value {
        case .string(let s): return .string(s)
        case .object(let o): return .object(Members(list: o))
        case .array(let a): return .array(a)
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .null: return .null
        }
    }

    func child(_ key: String) -> LottieJSON? {
        guard case .object(let o) = node.value, let v = o.last(where: { $0.key == key })?.node else { return nil }
        if case .null = v.value { return nil }
        return LottieJSON(v, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func has(_ key: String) -> Bool { child(key) != nil }

    var elements: [LottieJSON]? {
        guard case .array(let a) = node.value else { return nil }
        return a.enumerated().map { LottieJSON($1, path: "\(path)[\($0)]") }
    }

    /// A finite number; `1e308` and beyond are refused as out of range (no icon needs them), as is NaN.
    func number() throws(LottieFileError) -> Double {
        switch value {
        case .number(let n):
            guard n.isFinite, abs(n) <= LottieLimits.maxMagnitude else {
                throw LottieFileError(path, "\(n) is out of range (at most ±\(LottieLimits.maxMagnitude))")
            }
            return n
        case .bool(let b): return b ? 1 : 0
        case .array(let a) where a.count == 1:  // lottie-ios accepts [4] where 4 is meant
            return try LottieJSON(a[0], path: "\(path)[0]").number()
        default: throw LottieFileError(path, "expected a number, found \(typeName)")
        }
    }

    /// A whole number; `4.0` is accepted where `4` is meant (`loader_24px_float_ints`).
    func integer() throws(LottieFileError) -> Int {
        let n = try number()
        guard n == n.rounded(), abs(n) < 1e9 else { throw LottieFileError(path, "expected a whole number, found \(n)") }
        return Int(n)
    }

    func numbers() throws(LottieFileError) -> [Double] {
        if case .number = value { return [try number()] }
        if let fast = plainNumbers { return fast }
        guard let items = elements else { throw LottieFileError(path, "expected an array of numbers, found \(typeName)") }
        guard items.count <= LottieLimits.maxArrayLength else {
            throw LottieFileError(path, "\(items.count) numbers is more than the limit of \(LottieLimits.maxArrayLength)")
        }
        var out: [Double] = []
        out.reserveCapacity(items.count)
        for item in items { out.append(try item.number()) }
        return out
    }

    /// The common case of `numbers()` without a key path made per element (a path of 40 000 vertices
    /// would otherwise make 120 000 strings): `nil` when any element needs `numbers()`'s checks.
    var plainNumbers: [Double]? {
        guard case .array(let array) = node.value, array.count <= LottieLimits.maxArrayLength else { return nil }
        var out: [Double] = []
        out.reserveCapacity(array.count)
        for item in array {
            guard case .number(let d) = item.value, d.isFinite, abs(d) <= LottieLimits.maxMagnitude else { return nil }
            out.append(d)
        }
        return out
    }

    func string() throws(LottieFileError) -> String {
        guard case .string(let s) = value else { throw LottieFileError(path, "expected a string, found \(typeName)") }
        return s
    }

    var bool: Bool {
        switch value {
        case .bool(let b): return b
        case .number(let n): return n != 0
        default: return false
        }
    }

    func number(_ key: String, default fallback: Double) throws(LottieFileError) -> Double {
        guard let c = child(key) else { return fallback }
        return try c.number()
    }

    func integer(_ key: String, default fallback: Int) throws(LottieFileError) -> Int {
        guard let c = child(key) else { return fallback }
        return try c.integer()
    }

    func required(_ key: String) throws(LottieFileError) -> LottieJSON {
        guard let c = child(key) else { throw LottieFileError(path.isEmpty ? key : "\(path).\(key)", "is missing") }
        return c
    }

    var typeName: String {
        switch value {
        case .number: return "a number"
        case .string: return "a string"
        case .bool: return "a boolean"
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        }
    }
}
