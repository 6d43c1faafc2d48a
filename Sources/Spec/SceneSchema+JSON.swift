import Basics
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
        var members: [(String, JSONValue)] = [("$schema", .string(dialect)), ("title", .string(title))]
        members += root.jsonMembers
        members.append(("$defs", .object(definitions.map { (key: $0.name, node: JSONNode($0.node.json)) })))
        return String(decoding: JSONWriter.data(.object(members.map { (key: $0.0, node: JSONNode($0.1)) }), pretty: true), as: UTF8.self) + "\n"
    }
}

extension SchemaNode {
    /// The node as a JSON object.
    fileprivate var json: JSONValue { .object(jsonMembers.map { (key: $0.0, node: JSONNode($0.1)) }) }

    /// The keywords given, in the order of `init`'s parameters.
    fileprivate var jsonMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        func add(_ key: String, _ value: JSONValue?) { if let value { members.append((key, value)) } }
        func array(_ values: [JSONValue]) -> JSONValue { .array(values.map { JSONNode($0) }) }
        add("$ref", ref.map { .string("#/$defs/\($0)") })
        add("type", type.count == 1 ? .string(type[0].rawValue) : type.isEmpty ? nil : array(type.map { .string($0.rawValue) }))
        add("const", const.map(JSONValue.init))
        add("enum", self.enum.map { array($0.map(JSONValue.init)) })
        add("description", description.map(JSONValue.string))
        add("pattern", pattern.map(JSONValue.string))
        add("minimum", minimum.map(JSONValue.number))
        add("maximum", maximum.map(JSONValue.number))
        add("exclusiveMaximum", exclusiveMaximum.map(JSONValue.number))
        add("minItems", minItems.map { .number(Double($0)) })
        add("maxItems", maxItems.map { .number(Double($0)) })
        add("default", self.default.map(JSONValue.init))
        add("additionalProperties", additionalProperties.map(JSONValue.bool))
        add("required", required.isEmpty ? nil : array(required.map(JSONValue.string)))
        add("properties", properties.isEmpty ? nil : .object(properties.map { (key: $0.key, node: JSONNode($0.node.json)) }))
        add("prefixItems", prefixItems.isEmpty ? nil : array(prefixItems.map(\.json)))
        add("items", items.map(JSONValue.init))
        add("oneOf", oneOf.isEmpty ? nil : array(oneOf.map(\.json)))
        add("anyOf", anyOf.isEmpty ? nil : array(anyOf.map(\.json)))
        add("not", not.map(JSONValue.init))
        return members
    }
}

extension JSONValue {
    fileprivate init(_ value: SchemaValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        }
    }

    fileprivate init(_ schema: Subschema) {
        switch schema {
        case .node(let node): self = node.json
        case .nothing: self = .bool(false)
        }
    }
}
