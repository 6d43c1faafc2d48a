import Basics
import Foundation
import Graph
import Resolving
import Spec

/// Symbol images placed as UIKit places them, by their alignment rectangle (`SymbolConfiguration`).
extension Layout.ItemLayout {
    /// Where `asset` is drawn in this item: a symbol image with its alignment rectangle centred on the icon's
    /// centre (its baseline half its cap height below it), any other image in `iconFrame` (its box centred).
    /// `center`: the same icon placed elsewhere (in the minimized bar, the circle apart); default its own.
    public func imageFrame(of asset: Asset, centeredAt elsewhere: Point? = nil) -> Rect {
        guard let symbol = asset.symbol else { return elsewhere.map { Rect(center: $0, size: iconFrame.size) } ?? iconFrame }
        let center = elsewhere ?? iconFrame.center, alignment = symbol.alignmentRect
        return Rect(x: center.x - alignment.center.x, y: center.y - alignment.center.y,
                    width: symbol.size.width, height: symbol.size.height)
    }
}
