import Foundation

/// Issue 57's sweep: every shape and paint kind the engine draws, in a plain layer and in a layer inside a
/// precomposition (the precomposition layer turned 30°, so that a collapsing layer is a slanted line that
/// covers pixels), each layer's x-scale held at each of `scales` (percent) in turn, one per frame.
/// Shared by the raster sweep (`Tests/LottieEngineTests/CollapseSweepTests`) and the export sweep
/// (`Tests/CLITests/LottieCollapseExportTests`).
public enum CollapseSweep {
    /// x-scales in percent, one per frame from frame 0: through 0, and a millionth and a trillionth of
    /// the layer's size either side of it (1e-4 % and 1e-10 %).
    public static let scales: [Double] = [74, 1e-4, -1e-4, 1e-10, -1e-10, 0, -74, 1e-4, 0]
    public static var frames: Int { scales.count }

    private static func k(_ v: String) -> String { #"{"a":0,"k":\#(v)}"# }
    private static let ellipse = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,30]}}"#
    private static let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[26,20]},"r":{"a":0,"k":3}}"#
    private static let stops = #""g":{"p":2,"k":{"a":0,"k":[0,1,0.9,0.4,1,0.85,0.4,0]}}"#
    private static func gradient(_ ty: String, type: Int, highlight: Double) -> String {
        #"{"ty":"\#(ty)","t":\#(type),"s":\#(k("[-8,-4]")),"e":\#(k("[15,0]")),"h":\#(k("\(highlight)")),"a":\#(k("40")),"o":\#(k("100")),"r":1,"w":\#(k("3")),"lc":2,"lj":2,\#(stops)}"#
    }
    private static let solid = #"{"ty":"fl","c":{"a":0,"k":[0.2,0.4,1,1]},"o":{"a":0,"k":100},"r":1}"#
    private static let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":2}"#
    private static func group(_ items: [String]) -> String { #"[{"ty":"gr","it":[\#((items + [#"{"ty":"tr"}"#]).joined(separator: ","))]}]"# }

    /// Each kind's shapes (JSON array text), by name.
    public static let kinds: [(name: String, shapes: String)] = [
        ("fill", group([rect, solid])),
        ("stroke", group([ellipse, stroke])),
        ("linear gradient", group([rect, gradient("gf", type: 1, highlight: 0)])),
        ("radial gradient", group([ellipse, gradient("gf", type: 2, highlight: 0)])),
        ("radial gradient, highlight inside", group([ellipse, gradient("gf", type: 2, highlight: 90)])),
        ("radial gradient, highlight outside", group([ellipse, gradient("gf", type: 2, highlight: 150)])),
        ("gradient stroke", group([ellipse, gradient("gs", type: 2, highlight: 90)])),
        ("trim", group([ellipse, stroke, #"{"ty":"tm","s":{"a":0,"k":10},"e":{"a":0,"k":70},"o":{"a":0,"k":0},"m":1}"#])),
        ("repeater", group([rect, gradient("gf", type: 1, highlight: 0),
                            #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[4,4]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[90,90]},"r":{"a":0,"k":15},"so":{"a":0,"k":100},"eo":{"a":0,"k":50}}}"#])),
        ("merged paths", group([rect, ellipse, #"{"ty":"mm","mm":4}"#, gradient("gf", type: 2, highlight: 60)])),
    ]

    /// The held x-scale keyframes (y stays 74 %).
    static var flip: String {
        let keys = scales.enumerated().map { #"{"t":\#($0.offset),"s":[\#($0.element),74,100],"h":1}"# }
        return #"{"a":1,"k":[\#(keys.joined(separator: ","))]}"#
    }

    private static func transform(_ scale: String, rotation: Double = 0) -> String {
        #"{"o":{"a":0,"k":100},"p":{"a":0,"k":[24,24,0]},"a":{"a":0,"k":[0,0,0]},"s":\#(scale),"r":{"a":0,"k":\#(rotation)}}"#
    }

    /// A layer `ind` drawing `shapes`, flipping, with `extra` keys (a mask, a matte).
    private static func layer(_ shapes: String, _ ind: Int, extra: String = "") -> String {
        #"{"ty":4,"ind":\#(ind),"ip":0,"op":\#(frames + 1),"st":0,"ks":\#(transform(flip, rotation: 10)),"shapes":\#(shapes)\#(extra)}"#
    }

    /// Every kind drawn plainly, masked and matted, and a text layer, each flipping (JSON array items).
    private static func allLayers() -> [String] {
        var out: [String] = [], ind = 1
        let op = frames + 1
        for kind in kinds {
            out.append(layer(kind.shapes, ind)); ind += 1
        }
        let mask = #","hasMask":true,"masksProperties":[{"mode":"a","inv":false,"o":{"a":0,"k":100},"pt":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[-15,-15],[15,-10],[0,15]]}}},{"mode":"s","inv":false,"o":{"a":0,"k":60},"pt":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[-4,-4],[4,-4],[4,4],[-4,4]]}}}]"#
        out.append(layer(kinds[5].shapes, ind, extra: mask)); ind += 1
        // A matte source (flipping too) above the layer it mattes.
        out.append(#"{"ty":4,"ind":\#(ind),"td":1,"ip":0,"op":\#(op),"st":0,"ks":\#(transform(flip, rotation: -20)),"shapes":\#(kinds[3].shapes)}"#); ind += 1
        out.append(layer(kinds[2].shapes, ind, extra: #","tt":1"#)); ind += 1
        out.append(#"{"ty":4,"ind":\#(ind),"td":1,"ip":0,"op":\#(op),"st":0,"ks":\#(transform(flip)),"shapes":\#(kinds[0].shapes)}"#); ind += 1
        out.append(layer(kinds[4].shapes, ind, extra: #","tt":3"#)); ind += 1
        // Text from the file's own glyphs.
        let doc = #"{"t":"IO","f":"Blocky-Regular","s":20,"fc":[1,0,0],"j":2,"tr":0,"lh":24,"ls":0}"#
        out.append(#"{"ty":5,"ind":\#(ind),"ip":0,"op":\#(op),"st":0,"ks":\#(transform(flip, rotation: 25)),"t":{"d":{"k":[{"s":\#(doc),"t":0}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}"#)
        return out
    }

    private static let chars = #"[{"ch":"I","size":100,"style":"Regular","w":40,"fFamily":"Blocky","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[10,-70],[30,-70],[30,0],[10,0]]}}},{"ty":"tr"}]}]}},{"ch":"O","size":100,"style":"Regular","w":70,"fFamily":"Blocky","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[5,-70],[65,-70],[65,0],[5,0]]}}},{"ty":"tr"}]}]}}]"#
    private static let fonts = #"{"list":[{"fName":"Blocky-Regular","fFamily":"Blocky","fStyle":"Regular","ascent":70}]}"#

    /// The document, 48 × 48 pt at 10 fps: in a plain layer (`precomposed` false) or inside a precomposition
    /// layer turned 30°.
    public static func document(precomposed: Bool) -> String {
        let layers = "[" + allLayers().joined(separator: ",") + "]"
        let op = frames + 1
        guard precomposed else {
            return #"{"v":"5.7.0","fr":10,"ip":0,"op":\#(op),"w":48,"h":48,"fonts":\#(fonts),"chars":\#(chars),"assets":[],"layers":\#(layers)}"#
        }
        let holder = #"{"ty":0,"ind":1,"refId":"flips","ip":0,"op":\#(op),"st":0,"w":48,"h":48,"ks":{"o":{"a":0,"k":100},"p":{"a":0,"k":[24,24,0]},"a":{"a":0,"k":[24,24,0]},"s":{"a":0,"k":[100,100,100]},"r":{"a":0,"k":30}}}"#
        return #"{"v":"5.7.0","fr":10,"ip":0,"op":\#(op),"w":48,"h":48,"fonts":\#(fonts),"chars":\#(chars),"assets":[{"id":"flips","layers":\#(layers)}],"layers":[\#(holder)]}"#
    }
}
