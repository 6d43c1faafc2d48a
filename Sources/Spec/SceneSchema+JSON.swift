import Foundation

extension SceneSchema {
    /// The table as a JSON Schema document, final newline included: what `tabanim schema` prints and
    /// `Assets/scene.schema.json` holds.
    ///
    /// Stable: the same table always gives the same bytes. Keys come in a fixed order: `"$schema"`, `"title"`,
    /// then each node's keywords in the order of `SchemaNode.init`'s parameters, `"$defs"` last; properties
    /// and definitions in the order the table lists them. Two spaces of indentation, one member or element a
    /// line, characters beyond ASCII as they are (UTF-8), whole numbers without a fraction.
    public static var jsonText: String {
        var members: [(String, JSONText)] = [("$schema", .string(dialect)), ("title", .string(title))]
        members += root.jsonMembers
        members.append(("$defs", .object(definitions.map { ($0.name, $0.node.json) })))
        var text = ""
        JSONText.object(members).write(to: &text, indent: "")
        return text + "\n"
    }
}

extension SchemaNode {
    /// The node as a JSON object.
    fileprivate var json: JSONText { .object(jsonMembers) }

    /// The keywords given, in the order of `init`'s parameters.
    fileprivate var jsonMembers: [(String, JSONText)] {
        var members: [(String, JSONText)] = []
        func add(_ key: String, _ value: JSONText?) { if let value { members.append((key, value)) } }
        add("$ref", ref.map { .string("#/$defs/\($0)") })
        add("type", type.count == 1 ? .string(type[0].rawValue) : type.isEmpty ? nil : .array(type.map { .string($0.rawValue) }))
        add("const", const.map(JSONText.init))
        add("enum", self.enum.map { .array($0.map(JSONText.init)) })
        add("description", description.map(JSONText.string))
        add("pattern", pattern.map(JSONText.string))
        add("minimum", minimum.map(JSONText.number))
        add("maximum", maximum.map(JSONText.number))
        add("exclusiveMaximum", exclusiveMaximum.map(JSONText.number))
        add("minItems", minItems.map { .number(Double($0)) })
        add("maxItems", maxItems.map { .number(Double($0)) })
        add("default", self.default.map(JSONText.init))
        add("additionalProperties", additionalProperties.map(JSONText.bool))
        add("required", required.isEmpty ? nil : .array(required.map(JSONText.string)))
        add("properties", properties.isEmpty ? nil : .object(properties.map { ($0.key, $0.node.json) }))
        add("prefixItems", prefixItems.isEmpty ? nil : .array(prefixItems.map(\.json)))
        add("items", items.map(JSONText.init))
        add("oneOf", oneOf.isEmpty ? nil : .array(oneOf.map(\.json)))
        add("anyOf", anyOf.isEmpty ? nil : .array(anyOf.map(\.json)))
        add("not", not.map(JSONText.init))
        return members
    }
}

/// A JSON value as the schema's text writes it: objects keep their members' order.
private indirect enum JSONText {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])

    init(_ value: SchemaValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        }
    }

    init(_ schema: Subschema) {
        switch schema {
        case .node(let node): self = node.json
        case .nothing: self = .bool(false)
        }
    }

    /// Appends the value; nested lines start with `indent` and two more spaces.
    func write(to text: inout String, indent: String) {
        switch self {
        case .null: text += "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .number(let number):
            text += number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case .string(let string): Self.quote(string, to: &text)
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += indent + "  "
                element.write(to: &text, indent: indent + "  ")
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { text += "{}"; return }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += indent + "  "
                Self.quote(member.0, to: &text)
                text += ": "
                member.1.write(to: &text, indent: indent + "  ")
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`, the rest as it is.
    private static func quote(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
