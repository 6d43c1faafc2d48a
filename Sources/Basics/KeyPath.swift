/// Where a value stands in the scene file, printed the way users write it: `tabBar.items[2].icon`.
public struct KeyPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        /// An array position, counting from 0 as JSON does.
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = KeyPath()

    public func appending(_ key: String) -> KeyPath { KeyPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> KeyPath { KeyPath(components + [.index(index)]) }

    /// Whether this path is `other` or lies below it: `tabBar.items[0].icon` is within `tabBar.items`.
    public func isWithin(_ other: KeyPath) -> Bool { components.starts(with: other.components) }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                let shown = Excerpt.of(key)  // a key of 50,000 characters is named by its first 80
                text += text.isEmpty ? shown : ".\(shown)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}
