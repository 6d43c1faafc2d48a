import Foundation

/// A JSON value of a Lottie file with the key path that leads to it, for errors that say where.
struct LottieJSON {
    enum Value {
        case number(Double), string(String), bool(Bool), array([Any]), object([String: Any]), null
    }
    let raw: Any
    /// Keys and array indices from the top, e.g. `layers[2].shapes[0].it[1].c.k`.
    let path: String

    init(raw: Any, path: String) { self.raw = raw; self.path = path }

    var value: Value {
        switch raw {
        case let s as String: return .string(s)
        case let o as [String: Any]: return .object(o)
        case let a as [Any]: return .array(a)
        case let n as NSNumber:
            // A JSON true/false comes as an NSNumber too; Lottie accepts either for its flags.
            if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        default: return .null
        }
    }

    func child(_ key: String) -> LottieJSON? {
        // `type(of:)`, not `is NSNull`: testing a Swift array against a class bridges it to an NSArray, all
        // of it (a 40 000-vertex path took seconds).
        // A cast to the one type wanted, not `value`'s chain of casts: this runs for every key read.
        guard let o = raw as? [String: Any], let v = o[key], type(of: v) != NSNull.self else { return nil }
        return LottieJSON(raw: v, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func has(_ key: String) -> Bool { child(key) != nil }

    var elements: [LottieJSON]? {
        guard case .array(let a) = value else { return nil }
        return a.enumerated().map { LottieJSON(raw: $1, path: "\(path)[\($0)]") }
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
            return try LottieJSON(raw: a[0], path: "\(path)[0]").number()
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
        guard let array = raw as? [Any], array.count <= LottieLimits.maxArrayLength else { return nil }
        var out: [Double] = []
        out.reserveCapacity(array.count)
        for item in array {
            guard let n = item as? NSNumber, String(cString: n.objCType) != "c" else { return nil }
            let d = n.doubleValue
            guard d.isFinite, abs(d) <= LottieLimits.maxMagnitude else { return nil }
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
