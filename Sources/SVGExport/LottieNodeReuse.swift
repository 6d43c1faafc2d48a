import Foundation
import LottieEngine

/// The parts of a Lottie sheet's pictures that several pictures share (a layer that holds still while
/// another moves, a hold), so that `LottieVectorWriter` writes each once, with an id, and the other
/// pictures `<use>` it: a `<use>` draws in its own place's coordinates, so the same layer serves every
/// picture of the sheet.
final class LottieNodeReuse {
    /// How many times each node occurs, by `key`, over every picture of the sheet.
    private var counts: [String: Int] = [:]
    /// The id of each shared node written so far, by `key`.
    private var ids: [String: String] = [:]

    /// A node smaller than this (its description's length) costs about what a `<use>` of it costs.
    private static let worthSharing = 240

    init(_ pictures: [VectorPicture]) {
        for picture in pictures { count(picture.nodes, under: .identity) }
    }

    /// A node's identity: the node, and for one holding masks or mattes the transform it is drawn under
    /// (their regions depend on it).
    static func key(_ node: VectorNode, under transform: Affine) -> String? {
        // A blending node is written where it stands: it must blend with its own picture's backdrop, which a
        // `<use>` of it from another picture's tree is not sure to reach in every browser (its content may be shared).
        if case .blended = node { return nil }
        let text = "\(node)"
        guard text.count >= worthSharing else { return nil }
        return hasMasks(node) ? "\(transform)|\(text)" : text
    }

    private static func hasMasks(_ node: VectorNode) -> Bool {
        switch node {
        case .group(_, _, let children): return children.contains(where: hasMasks)
        case .masked, .matted, .shadowed: return true  // their regions depend on the transform
        default: return false
        }
    }

    private func count(_ nodes: [VectorNode], under transform: Affine) {
        for node in nodes {
            guard let key = Self.key(node, under: transform) else { continue }
            counts[key, default: 0] += 1
            switch node {
            case .group(let t, _, let children): count(children, under: transform.concatenating(t))
            case .masked(let content, _): count(content, under: transform)
            case .matted(let content, _, _): count(content, under: transform)
            case .blended(let content, _), .shadowed(let content, _): count(content, under: transform)
            default: break
            }
        }
    }

    /// Whether the node with `key` occurs more than once.
    func isShared(_ key: String) -> Bool { (counts[key] ?? 0) > 1 }

    func id(of key: String) -> String? { ids[key] }

    func record(_ key: String, id: String) { ids[key] = id }
}
