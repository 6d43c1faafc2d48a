import Basics
import Foundation
import Graphics
import LottieEngine

/// A C library that failed while drawing one Lottie icon: the file, the root layer whose drawing fails
/// (found by drawing each alone), the frame, and what the library said. The rasterizer reports it at the
/// icon's key path ("lottie/coin.json: layers[0] "coin" at frame 3: cairo: cairo drawing failed: …").
package struct LottieDrawingError: Error, CustomStringConvertible {
    /// The file as the scene names it.
    package var file: String
    /// Where the scene names it (`tabBar.items[0].animation`).
    package var keyPath: KeyPath
    /// The root layer (its place in `layers`, from 0, and its `nm`); nil when no layer fails alone.
    package var layer: (index: Int, name: String)?
    /// The file's frame, fractional.
    package var frame: Double
    package var cause: CLibraryError

    package var description: String {
        let frameText = SVGNumber.format((frame * 1000).rounded() / 1000)
        let where_ = layer.map { #"layers[\#($0.index)] "\#(Excerpt.of($0.name))" at frame \#(frameText)"# } ?? "frame \(frameText)"
        return "\(file): \(where_): \(cause)"
    }

    /// The first root layer of `animation` at `frame` that `draws` fails to draw alone (each in the canvas's
    /// clip, as `picture(atFrame:)` draws it), top first; nil when none does.
    package static func failingLayer(of animation: LottieAnimation, atFrame frame: Double,
                                     draws: (VectorPicture) -> Bool) -> (index: Int, name: String)? {
        guard let nodes = try? animation.rootLayerNodes(atFrame: frame) else { return nil }
        for entry in nodes.reversed() where !draws(animation.picture(showingOnly: entry.node)) {
            return (entry.layer, animation.layers[entry.layer].name)
        }
        return nil
    }
}
