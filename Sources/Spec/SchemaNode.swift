import Foundation

/// One node of the scene file's JSON Schema (draft 2020-12, `SceneSchema`): the keywords the schema uses,
/// each property named after its keyword. A keyword left `nil` (or empty) is not written.
///
/// Value type, built once: `SceneSchema` writes it as `Assets/scene.schema.json` (`tabanim schema`), and
/// `SpecReader` looks up in it which keys an object of a scene may hold (`SceneSchema.objects(at:)`).
public struct SchemaNode: Sendable {
    /// `"$ref"`: the name of one of `SceneSchema.definitions`, written `"#/$defs/NAME"`.
    public var ref: String?
    /// `"type"`: the JSON types allowed; empty when the keyword is left out. One type is written as a string,
    /// more as an array.
    public var type: [SchemaType]
    /// `"const"`: the one value allowed.
    public var const: SchemaValue?
    /// `"enum"`: the values allowed, in the order written.
    public var `enum`: [SchemaValue]?
    /// `"description"`: what editors show on hover.
    public var description: String?
    /// `"pattern"`: an ECMA-262 regular expression a string must match (anywhere, unless anchored).
    public var pattern: String?
    /// `"minimum"`, `"maximum"`, `"exclusiveMaximum"`: bounds of a number.
    public var minimum: Double?
    public var maximum: Double?
    public var exclusiveMaximum: Double?
    /// `"minItems"`, `"maxItems"`: bounds of an array's length.
    public var minItems: Int?
    public var maxItems: Int?
    /// `"default"`: the value tabanim uses when the key is left out (for editors; the resolver applies it).
    public var `default`: SchemaValue?
    /// `"additionalProperties"`: `false` refuses keys `properties` does not list, as tabanim's reader does.
    public var additionalProperties: Bool?
    /// `"required"`: keys an object must hold.
    public var required: [String]
    /// `"properties"`: an object's keys and their schemas, in the order written.
    public var properties: [(key: String, node: SchemaNode)]
    /// `"prefixItems"`: the schemas of an array's first elements, one each.
    public var prefixItems: [SchemaNode]
    /// `"items"`: the schema of every element after `prefixItems`.
    public var items: Subschema?
    /// `"oneOf"`: the value matches exactly one of these.
    public var oneOf: [SchemaNode]
    /// `"anyOf"`: the value matches at least one of these.
    public var anyOf: [SchemaNode]
    /// `"not"`: the value must not match this.
    public var not: Subschema?

    /// Every keyword in the order `SceneSchema` writes them, so that the table reads as the file does.
    public init(ref: String? = nil, type: [SchemaType] = [], const: SchemaValue? = nil, enum: [SchemaValue]? = nil,
                description: String? = nil, pattern: String? = nil, minimum: Double? = nil, maximum: Double? = nil,
                exclusiveMaximum: Double? = nil, minItems: Int? = nil, maxItems: Int? = nil, default: SchemaValue? = nil,
                additionalProperties: Bool? = nil, required: [String] = [], properties: KeyValuePairs<String, SchemaNode> = [:],
                prefixItems: [SchemaNode] = [], items: Subschema? = nil, oneOf: [SchemaNode] = [], anyOf: [SchemaNode] = [],
                not: Subschema? = nil) {
        self.ref = ref; self.type = type; self.const = const; self.enum = `enum`; self.description = description
        self.pattern = pattern; self.minimum = minimum; self.maximum = maximum; self.exclusiveMaximum = exclusiveMaximum
        self.minItems = minItems; self.maxItems = maxItems; self.default = `default`
        self.additionalProperties = additionalProperties; self.required = required
        self.properties = properties.map { (key: $0.key, node: $0.value) }
        self.prefixItems = prefixItems; self.items = items; self.oneOf = oneOf; self.anyOf = anyOf; self.not = not
    }

    /// The schema of `key` among `properties`, nil when it is not listed.
    public func property(_ key: String) -> SchemaNode? { properties.first { $0.key == key }?.node }
}

/// A JSON type as `"type"` names it.
public enum SchemaType: String, Sendable, CaseIterable {
    case null, boolean, integer, number, string, array, object
}

/// A JSON value the schema quotes (`"const"`, `"enum"`, `"default"`): no arrays or objects, which the scene
/// schema never needs.
public enum SchemaValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
                         ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    case null
    case bool(Bool)
    /// Written without a fraction when it is whole (`2`, not `2.0`).
    case number(Double)
    case string(String)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// A schema in a keyword that holds one (`"items"`, `"not"`); boxed, since a struct cannot hold itself.
public indirect enum Subschema: Sendable {
    /// A schema node.
    case node(SchemaNode)
    /// The schema `false`, which nothing matches (`"items": false`: no elements beyond `prefixItems`).
    case nothing

    /// The node, nil for `nothing`.
    public var node: SchemaNode? {
        if case .node(let node) = self { return node }
        return nil
    }
}

extension SpecEnum {
    /// The words a scene may write, in the order the cases are declared, as the schema's `"enum"` lists them.
    static var schemaWords: [SchemaValue] { allCases.map { .string($0.rawValue) } }
}
