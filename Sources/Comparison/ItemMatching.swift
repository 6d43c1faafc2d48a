import Basics
import Foundation
import Graph
import Resolving
import Scene

/// Which item of the second scene is which of the first: the same title and icon first, then the same
/// icon (a retitle), then the same title (a new icon), then what stands at the same place (both changed).
/// An item whose order among the others changed is moved: one change for it, not a change of every row
/// of the items it passed.
struct ItemMatching {
    /// (index in A, index in B), in A's order.
    private(set) var pairs: [(Int, Int)] = []
    private(set) var changes: [SceneComparison.Change] = []

    init(_ a: Animation, _ b: Animation) {
        let itemsA = a.scene.tabBar.items, itemsB = b.scene.tabBar.items
        var matchedA = Set<Int>(), matchedB = Set<Int>()
        func match(_ same: (TabBarItem, TabBarItem) -> Bool, sameIndex: Bool = false) {
            for ia in itemsA.indices where !matchedA.contains(ia) {
                let candidate = itemsB.indices.first { ib in
                    !matchedB.contains(ib) && (!sameIndex || ia == ib) && same(itemsA[ia], itemsB[ib])
                }
                guard let ib = candidate else { continue }
                matchedA.insert(ia); matchedB.insert(ib)
                pairs.append((ia, ib))
            }
        }
        let icon = { (item: TabBarItem) in item.icon?.displayName }
        // The same place first, then anywhere: a swap of two identical-looking items is no move.
        match({ $0.title == $1.title && icon($0) == icon($1) }, sameIndex: true)
        match { $0.title == $1.title && icon($0) == icon($1) }
        match({ icon($0) != nil && icon($0) == icon($1) }, sameIndex: true)
        match { icon($0) != nil && icon($0) == icon($1) }
        match({ !$0.title.isEmpty && $0.title == $1.title }, sameIndex: true)
        match { !$0.title.isEmpty && $0.title == $1.title }
        match({ _, _ in true }, sameIndex: true)
        pairs.sort { $0.0 < $1.0 }

        let moved = Self.moved(pairs)
        for (ia, ib) in pairs {
            let (before, after) = (itemsA[ia], itemsB[ib])
            let regionA = a.layout.items[ia].frame, regionB = b.layout.items[ib].frame
            let name = "item \(ib)"
            func add(_ kind: SceneComparison.Kind, _ key: String, _ phrase: String, _ old: String, _ new: String) {
                guard old != new else { return }
                changes.append(.init(kind: kind, key: "tabBar.items.\(ib).\(key)", phrase: "\(name) \(phrase)", before: old, after: new,
                                     itemA: ia, itemB: ib, regionA: regionA, regionB: regionB))
            }
            if moved.contains(ia) {
                changes.append(.init(kind: .itemMoved, key: "tabBar.items.\(ib)", phrase: "\(Self.name(b.scene, ib)) moved",
                                     before: "item \(ia)", after: "item \(ib)", itemA: ia, itemB: ib, regionA: regionA, regionB: regionB))
            }
            add(.itemRetitled, "title", "title", "“\(before.title)”", "“\(after.title)”")
            add(.itemReiconed, "icon", "icon", icon(before) ?? "none", icon(after) ?? "none")
            add(.itemReiconed, "selectedIcon", "selected icon", before.selectedIcon?.displayName ?? "none", after.selectedIcon?.displayName ?? "none")
            add(.itemChanged, "rendering", "rendering", before.rendering.rawValue, after.rendering.rawValue)
            add(.itemChanged, "animation", "animation", Self.describe(before.animation), Self.describe(after.animation))
        }
        for ia in itemsA.indices where !matchedA.contains(ia) {
            changes.append(.init(kind: .itemRemoved, key: "tabBar.items", phrase: "\(Self.name(a.scene, ia)) removed",
                                 before: Self.describe(itemsA[ia]), after: nil, itemA: ia, regionA: a.layout.items[ia].frame))
        }
        for ib in itemsB.indices where !matchedB.contains(ib) {
            changes.append(.init(kind: .itemAdded, key: "tabBar.items.\(ib)", phrase: "\(Self.name(b.scene, ib)) added",
                                 before: nil, after: Self.describe(itemsB[ib]), itemB: ib, regionB: b.layout.items[ib].frame))
        }
    }

    /// The items (their indices in A) outside the longest run whose order both scenes keep.
    static func moved(_ pairs: [(Int, Int)]) -> Set<Int> {
        let order = pairs.map(\.1)
        guard order.count > 1 else { return [] }
        // Longest increasing subsequence, by patience (n is at most the bar's few items).
        var length = [Int](repeating: 1, count: order.count), previous = [Int](repeating: -1, count: order.count)
        for i in order.indices {
            for j in 0..<i where order[j] < order[i] && length[j] + 1 > length[i] {
                length[i] = length[j] + 1
                previous[i] = j
            }
        }
        var kept = Set<Int>()
        var index = length.indices.max { length[$0] < length[$1] } ?? -1
        while index >= 0 { kept.insert(index); index = previous[index] }
        return Set(pairs.indices.filter { !kept.contains($0) }.map { pairs[$0].0 })
    }

    /// The item's title, or "item 3" when it has none.
    static func name(_ scene: ResolvedScene, _ index: Int) -> String {
        let title = scene.tabBar.items[index].title
        return title.isEmpty ? "item \(index)" : title
    }

    static func describe(_ item: TabBarItem) -> String {
        "“\(item.title)”" + (item.icon.map { ", \($0.displayName)" } ?? "")
    }

    static func describe(_ animation: IconAnimation?) -> String {
        switch animation {
        case nil: return "none"
        case .lottie(let clip): return "Lottie \(clip.asset.displayName)"
        case .effect(let effect): return "\(effect.kind.rawValue), \(effect.duration.shortText) s"
        }
    }
}
