import PixelKernels

/// A frame's rectangle mapped to a colour table, against what the viewer's canvas shows.
extension FrameDiffEncoder {
    /// A rectangle of a frame mapped to a colour table.
    struct Mapped {
        var box: PixelBox
        /// The colour table the indices refer to.
        var colors: [UInt32]
        /// false: the global colour table.
        var isLocal: Bool
        var transparentIndex: UInt8?
        /// Per pixel of the box: its entry (the nearest, or dithered).
        var indices: [UInt8]
        /// The viewer's canvas already shows this pixel's entry.
        var unchanged: [Bool]
        /// Over the pixels that changed since the previous frame, per channel.
        var meanSquaredError: Double

        /// How many pixels are unchanged, and the largest index of all and of a changed one (one pass, no
        /// branch: the flags read as bytes, 0 or 1, and counted in chunks a `UInt16` holds, so that the
        /// loop runs on vectors, far faster than with a branch per pixel).
        func census() -> Census {
            var count = 0, largest: UInt8 = 0, largestChanged: UInt8 = 0
            unchanged.withUnsafeBytes { unchanged in
                indices.withUnsafeBufferPointer { indices in
                    var start = 0
                    while start < indices.count {
                        let end = min(indices.count, start + Int(UInt16.max))
                        var chunk: UInt16 = 0
                        for i in start..<end {
                            let same = unchanged[i], index = indices[i]
                            chunk &+= UInt16(same)
                            largest = max(largest, index)
                            largestChanged = max(largestChanged, index & (same &- 1))  // 0 where unchanged
                        }
                        count += Int(chunk)
                        start = end
                    }
                }
            }
            return Census(unchanged: count, largest: largest, largestChanged: largestChanged)
        }

        struct Census {
            var unchanged: Int
            var largest: UInt8, largestChanged: UInt8

            /// The LZW code size of the opaque version: the smallest that holds every index.
            var opaqueCodeSize: Int { LZWCodeStream.codeSize(forIndicesBelow: Int(largest) + 1) }

            /// The LZW code size of a version with transparent pixels: the smallest that holds the changed
            /// pixels' indices and the transparent one (the unchanged pixels whose own index needs more can
            /// only be transparent).
            func transparentCodeSize(_ t: UInt8) -> Int {
                LZWCodeStream.codeSize(forIndicesBelow: Int(max(t, largestChanged)) + 1)
            }
        }

        /// The indices the search starts from: the unchanged pixels that need a wider code than `codeSize`,
        /// and those far from any change (`choiceReach`), transparent.
        func searchIndices(transparent t: UInt8, codeSize: Int) -> [UInt8] {
            var out = indices
            unchanged.withUnsafeBufferPointer { unchanged in
                out.withUnsafeMutableBufferPointer { out in
                    for i in 0..<unchanged.count where unchanged[i] && Int(out[i]) >> codeSize != 0 { out[i] = t }
                    FrameDiffEncoder.fixFarFromChanges(out, unchanged: unchanged, width: box.width, transparent: t)
                }
            }
            return out
        }

        /// The same pixels cut to the box of those that change the canvas; nil when none does.
        func shrunk() -> Mapped? {
            var minX = box.width, minY = box.height, maxX = -1, maxY = -1
            let width = box.width
            // Each row from both ends to its first changed pixel (every pixel of a slide's box passes here).
            unchanged.withUnsafeBufferPointer { unchanged in
                for y in 0..<box.height {
                    let row = y * width
                    var first = 0
                    while first < width, unchanged[row + first] { first += 1 }
                    guard first < width else { continue }
                    var last = width - 1
                    while unchanged[row + last] { last -= 1 }
                    minX = min(minX, first); maxX = max(maxX, last)
                    if maxY < 0 { minY = y }
                    maxY = y
                }
            }
            guard maxX >= 0 else { return nil }
            if minX == 0, minY == 0, maxX == box.width - 1, maxY == box.height - 1 { return self }
            var out = self
            let cut = PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            out.box = PixelBox(x: box.minX + minX, y: box.minY + minY, width: cut.width, height: cut.height)
            out.indices = indices.crop(cut, width: box.width)
            out.unchanged = unchanged.crop(cut, width: box.width)
            return out
        }
    }

    /// `box` mapped to the global palette: the renderer's indices when it mapped the frame, else mapped here.
    mutating func mapGlobal(_ pixels: [UInt32], _ box: PixelBox) -> Mapped {
        let indices = frameIndices.map { $0.crop(box, width: width) }
            ?? mapper.indices(of: pixels.crop(box, width: width), width: box.width, dithered: !palette.isExact, x: box.minX, y: box.minY)
        return map(pixels, box, palette.table, palette.transparentIndex, indices: indices)
    }

    /// `box` as `indices` into `table` say, against the canvas. (It takes the indices, not a mapper: given
    /// `&self.mapper`, a method of `self` runs on a copy of the whole encoder.)
    func map(_ pixels: [UInt32], _ box: PixelBox, _ table: [UInt32], _ transparentIndex: UInt8?, indices: [UInt8]) -> Mapped {
        var unchanged = [Bool](repeating: false, count: indices.count)
        let first = previous.count != pixels.count
        var error = 0, changedPixels = 0
        // (Every pixel of every changed box passes here: through the arrays' buffers, without their checks.)
        let stride = width
        pixels.withUnsafeBufferPointer { pixels in
            canvas.withUnsafeBufferPointer { canvas in
                previous.withUnsafeBufferPointer { previous in
                    table.withUnsafeBufferPointer { table in
                        indices.withUnsafeBufferPointer { indices in
                            unchanged.withUnsafeMutableBufferPointer { unchanged in
                                for row in 0..<box.height {
                                    let frameRow = (box.minY + row) * stride + box.minX, boxRow = row * box.width
                                    for column in 0..<box.width {
                                        let f = frameRow + column, i = boxRow + column
                                        let color = pixels[f], entry = table[Int(indices[i])]
                                        unchanged[i] = !first && canvas[f] == entry
                                        if first || previous[f] != color {
                                            error += ColorMapper.distance(color, entry)
                                            changedPixels += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return Mapped(box: box, colors: table, isLocal: table != palette.table, transparentIndex: transparentIndex, indices: indices,
                      unchanged: unchanged,
                      meanSquaredError: Double(error) / Double(ColorMapper.distanceWeight * max(1, changedPixels)))
    }
}
