import Foundation
import PixelKernels

/// Which rectangle a frame writes: the box of what changed since the frame before, and whether undoing
/// that frame (DISPOSE_PREVIOUS) leaves a smaller one.
extension FrameDiffEncoder {
    /// Maps the changed box to the global palette against the canvas as the previous frame leaves it, and,
    /// when that frame was small, against the canvas with that frame undone (DISPOSE_PREVIOUS): a frame
    /// that briefly covers something (a highlight, a blink) is then not written twice. The previous frame
    /// gets `.previous` when that leaves a rectangle at most 3/4 the size.
    mutating func mapChoosingDisposal(_ pixels: [UInt32], _ box: PixelBox) -> Mapped {
        let kept = mapGlobal(pixels, box)
        guard let under, pending != nil else { return kept }
        let union = box.union(under.box)
        // A quick estimate on every 16th pixel first: a moving part (a spinning button) gains nothing.
        var keptMisses = 0, undoneMisses = 0
        for y in stride(from: union.minY, to: union.maxY, by: 4) {
            for x in stride(from: union.minX, to: union.maxX, by: 4) {
                let color = mapper.palette[Int(mapper.index(of: pixels[y * width + x]))]
                let restored = under.box.contains(x: x, y: y)
                    ? under.pixels[(y - under.box.minY) * under.box.width + x - under.box.minX] : canvas[y * width + x]
                if color != canvas[y * width + x] { keptMisses += 1 }
                if color != restored { undoneMisses += 1 }
            }
        }
        guard undoneMisses * 2 <= keptMisses else { return kept }
        let drawn = canvas.crop(under.box, width: width)
        canvas.paste(under.pixels, into: under.box, width: width)
        let undone = mapGlobal(pixels, union)
        let keptArea = kept.shrunk().map { $0.box.width * $0.box.height } ?? 0
        let undoneArea = undone.shrunk().map { $0.box.width * $0.box.height } ?? 0
        if undoneArea * 4 <= keptArea * 3 {
            pending?.frame.disposal = .previous
            statistics.undone += 1
            return undone
        }
        canvas.paste(drawn, into: under.box, width: width)
        return kept
    }

    // MARK: - Rectangles

    /// The bounding box of the pixels whose true colour differs from the previous frame's (all of the
    /// first frame); nil when none does. `hint`: where the frame may differ from the previous one (the
    /// renderer knows it from their draw commands: a spinning button's square); nil: anywhere.
    func changedBox(_ pixels: [UInt32], within hint: PixelBox?) -> PixelBox? {
        let frame = PixelBox(x: 0, y: 0, width: width, height: height)
        guard previous.count == pixels.count else { return frame }
        let searched = hint?.intersection(frame) ?? frame
        guard !searched.isEmpty else { return nil }
        var minX = width, minY = height, maxX = -1, maxY = -1
        let width = width
        pixels.withUnsafeBufferPointer { pixels in
            previous.withUnsafeBufferPointer { previous in
                for y in searched.minY..<searched.maxY {
                    let row = y * width
                    // Most rows of most frames are the same: compared a block at a time first.
                    guard memcmp(pixels.baseAddress! + row + searched.minX, previous.baseAddress! + row + searched.minX, searched.width * 4) != 0 else {
                        continue
                    }
                    var x = searched.minX
                    while pixels[row + x] == previous[row + x] { x += 1 }
                    var last = searched.maxX - 1
                    while pixels[row + last] == previous[row + last] { last -= 1 }
                    minX = min(minX, x); maxX = max(maxX, last)
                    if maxY < 0 { minY = y }
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
