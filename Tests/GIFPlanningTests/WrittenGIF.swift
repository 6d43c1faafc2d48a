import Foundation
@testable import GIFExport
import TestSupport
import XCTest

/// A GIF file in a temporary folder, `width` × `height` over `palette`, plays once, its images put by
/// `putImages` through the project's writer: for reading back with giflib (`DecodedGIF`).
func writtenGIF(width: Int, height: Int, palette: [UInt32], _ putImages: (GIFStreamWriter) throws -> Void) throws -> URL {
    let url = try temporaryFolder().appendingPathComponent("frames.gif")
    XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
    let writer = try GIFStreamWriter(path: url.path)
    try writer.putHeader(width: width, height: height, globalPalette: palette, loopCount: nil)
    try putImages(writer)
    try writer.finish()
    return url
}
