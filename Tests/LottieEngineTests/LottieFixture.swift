import Foundation
import LottieEngine

/// Small Lottie documents written for these tests: one shape layer or more on a 100 × 100 canvas.
enum LottieFixture {
    static func animation(_ json: String) throws -> LottieAnimation { try LottieAnimation(data: Data(json.utf8)) }

    /// A document around `layers` (JSON array text).
    static func document(layers: String, assets: String = "[]", op: Double = 20) -> String {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":\#(op),"w":100,"h":100,"assets":\#(assets),"layers":\#(layers)}"#
    }

    /// A shape layer with `ks` and `shapes` (JSON object and array text).
    static func shapeLayer(index: Int = 1, ks: String = "{}", shapes: String, op: Double = 20, extra: String = "") -> String {
        #"{"ty":4,"ind":\#(index),"ip":0,"op":\#(op),"st":0,"ks":\#(ks),"shapes":\#(shapes)\#(extra)}"#
    }

    /// A red 10 × 10 square centred on (cx, cy), in a group.
    static func square(cx: Double = 50, cy: Double = 50, size: Double = 10) -> String {
        #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[\#(cx),\#(cy)]},"s":{"a":0,"k":[\#(size),\#(size)]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},{"ty":"tr"}]}]"#
    }

    /// An animated property from `t`/`s` pairs, each segment eased by `o`/`i` (JSON text, e.g. `"x":[0.42],"y":[0]`).
    static func keyframes(_ keys: [(t: Double, s: String)], out: String = #""x":[0],"y":[0]"#, in inTangent: String = #""x":[1],"y":[1]"#,
                          hold: Bool = false) -> String {
        let items = keys.map { #"{"t":\#($0.t),"s":\#($0.s),"o":{\#(out)},"i":{\#(inTangent)}\#(hold ? #","h":1"# : "")}"# }
        return #"{"a":1,"k":[\#(items.joined(separator: ","))]}"#
    }
}

extension VectorPicture {
    /// The nodes inside the canvas clip and the layers' groups, depth first, as a flat list.
    var flattened: [VectorNode] {
        func walk(_ nodes: [VectorNode]) -> [VectorNode] {
            nodes.flatMap { node -> [VectorNode] in
                switch node {
                case .group(_, _, let children): return [node] + walk(children)
                case .masked(let content, _): return [node] + walk(content)
                case .matted(let content, let matte, _): return [node] + walk(content) + walk(matte)
                case .blended(let content, _): return [node] + walk(content)
                case .shadowed(let content, _): return [node] + walk(content)
                default: return [node]
                }
            }
        }
        return walk(nodes)
    }

    /// The first layer group's transform (the top-level layers sit inside the canvas clip).
    var layerTransforms: [Affine] {
        guard case .masked(let content, _)? = nodes.first else { return [] }
        return content.compactMap { if case .group(let t, _, _) = $0 { return t } else { return nil } }
    }
}
