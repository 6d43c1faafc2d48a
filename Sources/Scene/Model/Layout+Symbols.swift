import Basics
import Foundation

/// Symbol images placed as UIKit places them, by their alignment rectangle (`SymbolConfiguration`).
extension Layout.ItemLayout {
    /// Where `asset` is drawn in this item: a symbol image with its alignment rectangle centred on the icon's
    /// centre (its baseline half its cap height below it), any other image in `iconFrame` (its box centred).
    public func imageFrame(of asset: Asset) -> Rect {
        guard let symbol = asset.symbol else { return iconFrame }
        let center = iconFrame.center, alignment = symbol.alignmentRect
        return Rect(x: center.x - alignment.center.x, y: center.y - alignment.center.y,
                    width: symbol.size.width, height: symbol.size.height)
    }
}
