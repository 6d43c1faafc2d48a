import Foundation

/// Writes a `JSONValue` as compact JSON text (UTF-8) that `JSONParser` reads back as the same value: every
/// number to the bit (the shortest text that reads back as it, whole numbers without a fraction), every
/// string's scalars, object members in their order. For a document tabanim makes from one it has read
/// (a dotLottie animation with its images embedded), not for a file a person reads.
public enum JSONWriter {
    public static func data(_ value: JSONValue) -> Data {
        var out: [UInt8] = []
        write(value, into: &out)
        return Data(out)
    }

    private static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n): out += Array(number(n).utf8)
        case .string(let s): string(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (k, element) in elements.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                write(element.value, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (k, member) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                string(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.node.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `100` for 100.0, else Swift's shortest round-trip text (`0.1`, `1e-07`, `-0.0`), which is JSON for
    /// every finite number (`JSONParser` reads no other).
    static func number(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15, !(n == 0 && n.sign == .minus) { return String(Int64(n)) }
        return "\(n)"
    }

    private static func string(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: out += Array(String(format: "\\u%04X", byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
