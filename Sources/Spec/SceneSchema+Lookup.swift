import Basics
import Foundation

extension SceneSchema {
    /// One form an object may take at a place of the scene: a node of the table that declares
    /// `"type": "object"` (`tabBar.items[i].animation` has two, a Lottie file's and an effect's).
    struct ObjectForm: Sendable {
        /// Where the node stands in the schema document, as a JSON Pointer (`#/$defs/animation/oneOf/1`).
        let pointer: String
        let node: SchemaNode

        /// Whether the form lists `key` among its properties.
        func lists(_ key: String) -> Bool { node.property(key) != nil }
    }

    /// A key the reader asked of an object form (`SpecReader.askedKeys`).
    struct KeyUse: Hashable, Sendable {
        /// `ObjectForm.pointer`.
        let form: String
        let key: String
    }

    /// The forms the table allows for an object at `path` (`tabBar.items[2].icon`), in the order the schema
    /// lists them; empty when it allows none there.
    ///
    /// The path is followed from `root` one component at a time. At each step the nodes reached count with
    /// every schema that applies with them: the definition a `"$ref"` names, and each alternative of
    /// `"oneOf"` and `"anyOf"`, recursively (a `"$ref"` beside other keywords applies with them, as in draft
    /// 2020-12). A key then leads to that property of each object node (`"type"` includes `"object"`); an
    /// index to the matching `"prefixItems"` entry of each array node, or past them to its `"items"`. So
    /// `script[7].tap` is `#/properties/script` → `items` → `#/$defs/tap` → `properties/tap`, whose
    /// `"oneOf"` holds one object, `{"x", "y"}`.
    static func objects(at path: KeyPath) -> [ObjectForm] {
        var here = [Located(pointer: "#", node: root)]
        for component in path.components {
            here = applying(here).flatMap { child(of: $0, at: component) }
        }
        return applying(here).filter { $0.node.type.contains(.object) }.map { ObjectForm(pointer: $0.pointer, node: $0.node) }
    }

    /// Every object form the document declares, wherever it stands, with the pointer `objects(at:)` gives it
    /// (a definition's own, not that of a `"$ref"` to it): what the reader must be seen to read.
    static var objectForms: [ObjectForm] {
        everyNode.filter { $0.node.type.contains(.object) }.map { ObjectForm(pointer: $0.pointer, node: $0.node) }
    }

    /// `path` with every index past the longest `"prefixItems"` of the table made that length: the places
    /// `objects(at:)` cannot tell apart share it (`script[7]` and `script[900]` are `script[4]`), so that a
    /// reader can look each up once.
    static func place(of path: KeyPath) -> KeyPath {
        KeyPath(path.components.map { component in
            if case .index(let index) = component, index > longestPrefixItems { return .index(longestPrefixItems) }
            return component
        })
    }

    /// The most `"prefixItems"` any node of the table has.
    private static let longestPrefixItems = everyNode.map(\.node.prefixItems.count).max() ?? 0

    /// Every node of the document, each where it is written (a definition once), with its JSON Pointer.
    private static var everyNode: [Located] {
        var nodes: [Located] = []
        func visit(_ node: SchemaNode, _ pointer: String) {
            nodes.append(Located(pointer: pointer, node: node))
            for (key, property) in node.properties { visit(property, pointer + "/properties/" + escaped(key)) }
            for (index, item) in node.prefixItems.enumerated() { visit(item, "\(pointer)/prefixItems/\(index)") }
            if let items = node.items?.node { visit(items, pointer + "/items") }
            for (index, alternative) in node.oneOf.enumerated() { visit(alternative, "\(pointer)/oneOf/\(index)") }
            for (index, alternative) in node.anyOf.enumerated() { visit(alternative, "\(pointer)/anyOf/\(index)") }
            if let not = node.not?.node { visit(not, pointer + "/not") }
        }
        visit(root, "#")
        for (name, definition) in definitions { visit(definition, "#/$defs/" + escaped(name)) }
        return nodes
    }

    /// A node of the table and its JSON Pointer.
    private struct Located {
        let pointer: String
        let node: SchemaNode
    }

    /// `nodes`, and after each the schemas that apply with it (its `"$ref"`'s definition, its `"oneOf"` and
    /// `"anyOf"` alternatives, and theirs), each once.
    private static func applying(_ nodes: [Located]) -> [Located] {
        var result: [Located] = []
        var seen = Set<String>()
        func visit(_ located: Located) {
            guard seen.insert(located.pointer).inserted else { return }
            result.append(located)
            let node = located.node
            if let name = node.ref, let definition = definition(name) {
                visit(Located(pointer: "#/$defs/" + escaped(name), node: definition))
            }
            for (index, alternative) in node.oneOf.enumerated() { visit(Located(pointer: "\(located.pointer)/oneOf/\(index)", node: alternative)) }
            for (index, alternative) in node.anyOf.enumerated() { visit(Located(pointer: "\(located.pointer)/anyOf/\(index)", node: alternative)) }
        }
        nodes.forEach(visit)
        return result
    }

    /// The schema of `component` inside `located`: a property of an object node, an element of an array node.
    private static func child(of located: Located, at component: KeyPath.Component) -> [Located] {
        let node = located.node
        switch component {
        case .key(let key):
            guard node.type.contains(.object), let property = node.property(key) else { return [] }
            return [Located(pointer: located.pointer + "/properties/" + escaped(key), node: property)]
        case .index(let index):
            guard node.type.contains(.array) else { return [] }
            if index < node.prefixItems.count {
                return [Located(pointer: "\(located.pointer)/prefixItems/\(index)", node: node.prefixItems[index])]
            }
            return node.items?.node.map { [Located(pointer: located.pointer + "/items", node: $0)] } ?? []
        }
    }

    /// A key as a JSON Pointer writes it (RFC 6901: `~` as `~0`, `/` as `~1`).
    private static func escaped(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
