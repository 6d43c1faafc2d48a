import Foundation

/// Writes a `JSONValue` as JSON text (UTF-8) that `JSONParser` reads back as the same value: every number to
/// the bit (the shortest text that reads back as it, whole numbers without a fraction), every string's
/// scalars (beyond ASCII as they are), object members in their order. Compact for a document tabanim makes
/// from one it has read (a dotLottie animation with its images embedded); `pretty` for a file a person
/// reads (`tabanim schema`): two spaces of indentation, one member or element a line.
public enum JSONWriter {
    public static func data(_ value: JSONValue, pretty: Bool = false) -> Data {
        var out: [UInt8] = []
        write(value, into: &out, indent: pretty ? [] : nil)
        return Data(out)
    }

    /// `indent`: the current line's indentation when pretty, nil when compact.
    private static func write(_ value: JSONValue, into out: inout [UInt8], indent: [UInt8]?) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n): out += Array(number(n).utf8)
        case .string(let s): string(s, into: &out)
        case .array(let elements):
            container(elements.map { element in { write(element.value, into: &$0, indent: $1) } }, "[", "]", into: &out, indent: indent)
        case .object(let members):
            container(members.map { member in
                { out, inner in
                    string(member.key, into: &out)
                    out += Array((inner == nil ? ":" : ": ").utf8)
                    write(member.node.value, into: &out, indent: inner)
                }
            }, "{", "}", into: &out, indent: indent)
        }
    }

    /// An array or an object: its entries between `open` and `close`, comma-separated; pretty, each on a line
    /// of its own two spaces further in, and an empty one on one line.
    private static func container(_ entries: [(inout [UInt8], [UInt8]?) -> Void], _ open: Character, _ close: Character,
                                  into out: inout [UInt8], indent: [UInt8]?) {
        out += Array(String(open).utf8)
        let inner = indent.map { $0 + Array("  ".utf8) }
        for (k, entry) in entries.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            if let inner { out.append(0x0A); out += inner }
            entry(&out, inner)
        }
        if let indent, !entries.isEmpty { out.append(0x0A); out += indent }
        out += Array(String(close).utf8)
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
