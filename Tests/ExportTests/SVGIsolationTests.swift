import Drawing
import Foundation
import GIFExport
import Graph
import Graphics
import Outputs
import PNGExport
import Resolving
import Scene
import TestSupport
import XCTest

/// An SVG icon can reach no other file and no network: librsvg reads it from memory with no base address.
/// Each icon below tries to pull in something red (a PNG, a style sheet, a text file) by another path; the
/// frame is searched for red. A control icon that embeds the same PNG as a `data:` URI shows that the
/// search finds red when red is drawn.
final class SVGIsolationTests: XCTestCase {
    private var folder: URL!
    private var redPNG: Data!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        // A 4 × 4 opaque red PNG, beside the scene, where a relative or absolute reference would find it.
        let surface = try ImageSurface(straightRGBA: [UInt8](repeating: 0, count: 64).enumerated().map { $0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 255 },
                                       width: 4, height: 4)
        redPNG = try surface.pngData()
        try redPNG.write(to: folder.appendingPathComponent("red.png"))
        try Data(".r { fill: #FF0000 }".utf8).write(to: folder.appendingPathComponent("red.css"))
        try Data("RED".utf8).write(to: folder.appendingPathComponent("secret.txt"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Red pixels in a frame of a one-item tab bar whose icon is `svg`, drawn as it is (not tinted).
    private func redPixels(icon svg: String) throws -> Int {
        try Data(svg.utf8).write(to: folder.appendingPathComponent("icon.svg"))
        let json = #"""
            {"device": "iphone-se", "export": {"scale": 2, "region": "tabBar"}, "centerButton": null,
             "tabBar": {"items": [{"icon": "icon.svg", "rendering": "original", "iconSize": 48}]}}
            """#
        try Data(json.utf8).write(to: folder.appendingPathComponent("scene.json"))
        let scene = try SceneResolver.load(folder.appendingPathComponent("scene.json"))
        let frame = try PNGExporter(Animation(scene), pdf: InProcessPDFConverter()).frame(at: 0).straightRGBA()
        return stride(from: 0, to: frame.count, by: 4).filter { frame[$0] > 200 && frame[$0 + 1] < 60 && frame[$0 + 2] < 60 && frame[$0 + 3] > 200 }.count
    }

    private func svg(_ body: String, namespaces: String = "") -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \#(namespaces) viewBox="0 0 4 4">"# + body + "</svg>"
    }

    func testAnEmbeddedImageIsDrawn() throws {
        XCTAssertGreaterThan(try redPixels(icon: svg(#"<image href="data:image/png;base64,\#(redPNG.base64EncodedString())" width="4" height="4"/>"#)), 500)
    }

    func testImagesByPathOrURLAreNeverLoaded() throws {
        let path = folder.appendingPathComponent("red.png").path
        for reference in ["red.png", "./red.png", path, "file://\(path)", "http://127.0.0.1:9/red.png"] {
            XCTAssertEqual(try redPixels(icon: svg(#"<image href="\#(reference)" width="4" height="4"/><image xlink:href="\#(reference)" width="4" height="4"/>"#)),
                           0, reference)
        }
    }

    func testStyleSheetsUsesAndIncludesAreNeverLoaded() throws {
        let css = folder.appendingPathComponent("red.css").path
        XCTAssertGreaterThan(try redPixels(icon: svg(#"<style>.r { fill: red }</style><rect class="r" width="4" height="4"/>"#)), 500, "control")
        XCTAssertEqual(try redPixels(icon: svg(#"<style>@import url("file://\#(css)");</style><rect class="r" width="4" height="4"/>"#)), 0)
        XCTAssertEqual(try redPixels(icon: svg(#"<?xml-stylesheet href="file://\#(css)"?><rect class="r" width="4" height="4"/>"#)), 0)
        XCTAssertEqual(try redPixels(icon: svg(#"<use href="file://\#(folder.path)/other.svg#r"/>"#)), 0)
        let secret = folder.appendingPathComponent("secret.txt").path
        XCTAssertEqual(try redPixels(icon: svg(#"<text x="0" y="4" fill="red" font-size="4"><xi:include href="file://\#(secret)" parse="text"/></text>"#,
                                               namespaces: #"xmlns:xi="http://www.w3.org/2001/XInclude""#)), 0)
    }

    /// An external entity is not defined, so the file does not parse: refused, with librsvg's reason.
    func testExternalEntitiesAreRefused() throws {
        let secret = folder.appendingPathComponent("secret.txt").path
        let icon = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY s SYSTEM "file://\#(secret)">]>"# + svg("<text>&s;</text>")
        XCTAssertThrowsError(try redPixels(icon: icon)) { error in
            XCTAssertTrue("\(error)".contains("Entity 's' not defined"), "\(error)")
        }
    }
}
