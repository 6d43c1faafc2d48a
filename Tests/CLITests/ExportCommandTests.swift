import Drawing
import Foundation
import GIFExport
import Graphics
import Outputs
@testable import WebPExport
import XCTest

/// `tabanim export` and `tabanim frame`: formats, cuts, speed, loops, matte, and outputs that stay whole.
final class ExportCommandTests: CLITestCase {
    func testExportWritesAGIFAndAnSVGFromAnyFolder() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.seed, "-o", "demo.gif", "-o", "demo.svg", "--scale", "0.5", "--fps", "10"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix("Wrote demo.gif (90 frames, 9 s, "), result.stderr)
        XCTAssertTrue(lines[1].hasPrefix("Wrote demo.svg (90 frames, 9 s, "), result.stderr)
        let gif = try DecodedGIF(path: out.appendingPathComponent("demo.gif").path, playedAt: 10)
        XCTAssertEqual(gif.frames.count, 90)
        XCTAssertEqual(gif.loopCount, 0, "loops forever by default")
        let svg = try String(contentsOf: out.appendingPathComponent("demo.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"dur="9s" repeatCount="indefinite""#))
        XCTAssertEqual(try leftovers(in: out), [])
        let quiet = try tabanim(["export", Self.bundledDemo, "-o", "q.svg", "--quiet"], in: out)
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "")
    }

    /// Every output is checked before any is written: the SVG could take 60 fps, the GIF cannot, so neither
    /// is written (an existing one stays as it was) and nothing is left beside them.
    func testARunWritesAllItsOutputsOrNone() throws {
        let out = try folder()
        try write("<svg>previous</svg>", to: out.appendingPathComponent("a.svg"))
        let result = try tabanim(["export", Self.bundledDemo, "-o", "a.svg", "-o", "b.gif", "--fps", "60"], in: out)
        XCTAssertEqual(result.status, 64, "a flag's mistake is a usage error: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("Error: --fps 60 is too fast for a GIF ('b.gif'): at most 50 fps"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Wrote"), result.stderr)
        XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("a.svg"), encoding: .utf8), "<svg>previous</svg>")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("b.gif").path))
        XCTAssertEqual(try leftovers(in: out), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["a.svg"])
    }

    func testPNGFramesAreTheFramesOfTheLoop() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.seed, "-o", "frames/", "--fps", "5", "--scale", "0.25"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Wrote frames/ (45 PNG frames, 9 s, "), result.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("frames").path).sorted()
        XCTAssertEqual(names.count, 45)
        XCTAssertEqual(names.first, "frame-0000.png")
        XCTAssertEqual(names.last, "frame-0044.png")
        // Frame 6 is the moment 6 / 5 s, mid-slide: exactly what `frame --at 1.2` draws.
        XCTAssertEqual(try tabanim(["frame", Self.seed, "--at", "1.2", "--scale", "0.25", "-o", "one.png"], in: out).status, 0)
        let frame = try pixels(ofPNG: out.appendingPathComponent("frames/frame-0006.png"))
        XCTAssertEqual(frame.rgba, try pixels(ofPNG: out.appendingPathComponent("one.png")).rgba)
        XCTAssertNotEqual(frame.rgba, try pixels(ofPNG: out.appendingPathComponent("frames/frame-0005.png")).rgba, "the slide moves")

        // A shorter export replaces the folder: no stale frames from the longer one stay behind.
        let again = try tabanim(["export", Self.seed, "-o", "frames", "--format", "png", "--fps", "1", "--scale", "0.25"], in: out)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("frames").path).count, 9)
        XCTAssertEqual(try leftovers(in: out), [])
    }

    func testAFolderOfOtherFilesIsNeverReplaced() throws {
        let out = try folder()
        let photos = out.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try write("keep me", to: photos.appendingPathComponent("notes.txt"))
        let result = try tabanim(["export", Self.seed, "-o", "a.svg", "-o", "photos/"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "Error: photos/: the folder holds files tabanim did not write (notes.txt); choose a new or empty folder\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: photos.path), ["notes.txt"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("a.svg").path), "checked before any output is written")
        let missing = try tabanim(["export", Self.seed, "-o", "nowhere/a.gif"], in: out)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("Error: nowhere/a.gif: folder not found: "), missing.stderr)
    }

    /// A cut played slowly shows, at output time u, the loop at from + speed · u: compared with `frame`
    /// (the same renderer) to within anti-aliasing, starting in the middle of an eased slide.
    func testACutAtAnotherSpeedShowsTheLoopsMomentsInOrder() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.seed, "-o", "cut/", "-o", "cut.gif", "-o", "cut.svg",
                                  "--from", "0.8", "--to", "1.8", "--speed", "0.5", "--fps", "10", "--scale", "0.25"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Wrote cut.gif (20 frames, 2 s, "), result.stderr)
        XCTAssertEqual(try DecodedGIF(path: out.appendingPathComponent("cut.gif").path, playedAt: 10).frames.count, 20)
        XCTAssertTrue(try String(contentsOf: out.appendingPathComponent("cut.svg"), encoding: .utf8).contains(#"dur="2s""#))
        for index in [0, 3, 7, 12, 19] {
            let t = 0.8 + 0.5 * Double(index) / 10
            let name = "at-\(index).png"
            XCTAssertEqual(try tabanim(["frame", Self.seed, "--at", String(t), "--scale", "0.25", "-o", name], in: out).status, 0)
            let cut = try pixels(ofPNG: out.appendingPathComponent("cut/frame-\(String(format: "%04d", index)).png"))
            let whole = try pixels(ofPNG: out.appendingPathComponent(name))
            let diff = difference(cut.rgba, whole.rgba)
            XCTAssertLessThanOrEqual(diff.count, 4, "cut frame \(index) should show the loop at \(t) s (largest difference \(diff.largest))")
        }
    }

    func testLoopCountsForGIFAndSVG() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.seed, "-o", "three.gif", "-o", "three.svg", "--loop", "3", "--fps", "2", "--scale", "0.25"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        // NETSCAPE2.0 counts repeats after the first play, so playing 3 times stores 2.
        XCTAssertEqual(try DecodedGIF(path: out.appendingPathComponent("three.gif").path).loopCount, 2)
        let svg = try String(contentsOf: out.appendingPathComponent("three.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"repeatCount="3" fill="freeze""#), "stops on the last frame")
        XCTAssertFalse(svg.contains("indefinite"))
        let once = try tabanim(["export", Self.seed, "-o", "once.svg", "--loop", "1", "--scale", "0.25"], in: out)
        XCTAssertEqual(once.status, 0, once.stderr)
        let onceGIF = try tabanim(["export", Self.seed, "-o", "once.gif", "--loop", "1", "--fps", "2", "--scale", "0.25"], in: out)
        XCTAssertEqual(onceGIF.status, 0, onceGIF.stderr)
        XCTAssertNil(try DecodedGIF(path: out.appendingPathComponent("once.gif").path).loopCount, "no NETSCAPE2.0 block: plays once")
        let frames = try tabanim(["export", Self.seed, "-o", "f/", "--loop", "2", "--fps", "1", "--scale", "0.25"], in: out)
        XCTAssertEqual(frames.status, 0)
        XCTAssertTrue(frames.stderr.hasPrefix("Warning: --loop has no effect on PNG frames\n"), frames.stderr)
    }

    /// The matte shows where the scene is not opaque: here a tab content with no color at all.
    func testBackgroundIsTheMatteBehindTransparentParts() throws {
        let out = try folder()
        try write(##"{"export": {"scale": 0.25}, "contents": [{"color": "#FFFFFF00"}]}"##, to: out.appendingPathComponent("clear.json"))
        for (background, expected) in [("#FF0000", [255, 0, 0, 255]), ("transparent", [0, 0, 0, 0]), (nil, [255, 255, 255, 255])] {
            let result = try tabanim(["frame", "clear.json", "--at", "0", "-o", "f.png"] + (background.map { ["--background", $0] } ?? []), in: out)
            XCTAssertEqual(result.status, 0, result.stderr)
            let png = try pixels(ofPNG: out.appendingPathComponent("f.png"))
            let middle = (png.height / 2 * png.width + png.width / 2) * 4  // in the content, below the navigation title
            XCTAssertEqual(png.rgba[middle..<middle + 4].map(Int.init), expected, background ?? "default")
        }
        let gif = try tabanim(["export", "clear.json", "-o", "c.gif", "--background", "rgb(0, 128, 0)", "--fps", "1"], in: out)
        XCTAssertEqual(gif.status, 0, gif.stderr)
        let decoded = try DecodedGIF(path: out.appendingPathComponent("c.gif").path)
        let middle = (decoded.height / 2 * decoded.width + decoded.width / 2) * 4
        XCTAssertEqual(decoded.frames[0].rgba[middle..<middle + 3].map(Int.init), [0, 128, 0])
    }

    func testVerboseExplainsTheChoices() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.seed, "-o", "v.gif", "--fps", "10", "--scale", "0.25", "--verbose", "--from", "1"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = [
            "· iphone-15 (393×852 pt), 5 items, center button selects item 2, slide 1 s, 5 taps, 9 s loop at 10 fps (90 frames)",
            "· frames: 10 fps (--fps), loop 9 s (export.duration) = 90 frames; frame i is shown at i / 10 s",
            "· size: 0.25 px per pt (--scale) → 98×213 px, region screen",
            "· images: 3 (3 SVG, 0 PNG), all decoded before the first frame",
            "· text: \"首页\" Noto Sans CJK SC Regular, \"扩展\" Noto Sans CJK SC Regular, \"旋转\" Noto Sans CJK SC Regular, \"发现\" Noto Sans CJK SC Regular, \"我\" Noto Sans CJK SC Regular",
            "· range: 1 s to 9 s at speed 1 → 8 s, 80 frames (whole frames at the same rate)",
            "· v.gif: GIF, 80 frames with delays in whole centiseconds that never drift (10, 10, 10, 10, 10, 10 cs…), loops forever",
        ]
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(expected.count)), expected)
        // Then what the GIF encoder chose: the palette, and how the frames were written.
        let encoder = #"^· v\.gif: palette: \d+ colours, (all in one table \(lossless\)|quantized to \d+ by libimagequant \(mean error [0-9.]+ levels\); .*); frames written as the rectangles that change: \d+ with transparent pixels"#
        XCTAssertNotNil(lines.dropFirst(expected.count).first?.range(of: encoder, options: .regularExpression), result.stderr)
        // And where its time went, stage by stage: every stage named, the CPU seconds adding up to at least
        // a share of the wall time (two passes of rendering cannot take no time).
        let timeLine = try XCTUnwrap(lines.first { $0.hasPrefix("· v.gif: time: ") }, result.stderr)
        let stages = #"^· v\.gif: time: render [0-9.]+ s, census [0-9.]+ s, palette [0-9.]+ s, mapping [0-9.]+ s, planning [0-9.]+ s, writing [0-9.]+ s \(CPU seconds over all threads\); [0-9.]+ s wall$"#
        XCTAssertNotNil(timeLine.range(of: stages, options: .regularExpression), timeLine)
        let render = Double(timeLine.components(separatedBy: "render ")[1].components(separatedBy: " s")[0]) ?? 0
        XCTAssertGreaterThan(render, 0, "rendering took time")
    }

    func testFrameWritesAPNG() throws {
        let out = try folder()
        let result = try tabanim(["frame", Self.seed, "--at", "1", "-o", "f.png", "--scale", "1"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "Wrote f.png (1 s, 393×852 px)\n")
        let png = try ImageSurface(png: try Data(contentsOf: out.appendingPathComponent("f.png")))
        XCTAssertEqual([png.width, png.height], [393, 852])
        assertUsageError(try tabanim(["frame", Self.seed, "--at", "30", "-o", "f.png"], in: out),
                         "--at 30 is not before the loop's end (9 s)", see: "tabanim frame --help")
    }

    // MARK: - Bad input

    /// `--interface-style both` draws one timeline twice: NAME-light.EXT and NAME-dark.EXT for each output,
    /// and the `<picture>` that picks one by the reader's system, on standard output.
    func testBothInterfaceStylesWriteAPairAndItsPictureSnippet() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.seed, "-o", "demo.gif", "-o", "demo.svg", "--scale", "0.25", "--fps", "5",
                                  "--interface-style", "both"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(),
                       ["demo-dark.gif", "demo-dark.svg", "demo-light.gif", "demo-light.svg"])
        XCTAssertEqual(result.stdout, """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="demo-dark.gif">
              <img src="demo-light.gif" alt="Tab bar animation">
            </picture>
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="demo-dark.svg">
              <img src="demo-light.svg" alt="Tab bar animation">
            </picture>

            """)
        let light = try DecodedGIF(path: out.appendingPathComponent("demo-light.gif").path)
        let dark = try DecodedGIF(path: out.appendingPathComponent("demo-dark.gif").path)
        XCTAssertEqual(light.duration, dark.duration, "one timeline")
        func luminance(_ gif: DecodedGIF) -> Int { stride(from: 0, to: gif.frames[0].rgba.count, by: 4).reduce(0) { $0 + Int(gif.frames[0].rgba[$1]) } }
        XCTAssertLessThan(luminance(dark) * 4, luminance(light), "the dark one is dark")
        let svg = try String(contentsOf: out.appendingPathComponent("demo-dark.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("#121212"), "the dark bar in the SVG")
    }

    /// `-o name.webp`: an animated WebP, lossless, its loop count from `--loop`, its frames on whole
    /// milliseconds adding up to the loop; `-o name.mp4` an MP4 (read back in MP4ExportTests); `--quality` is
    /// for WebP only.
    func testWebPAndMP4Outputs() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.seed, "-o", "a.webp", "-o", "a.gif", "--loop", "3", "--fps", "5", "--scale", "0.25"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Wrote a.webp (45 frames, 9 s, "), result.stderr)
        let webp = try DecodedWebP(data: try Data(contentsOf: out.appendingPathComponent("a.webp")))
        XCTAssertEqual(webp.loopCount, 3)
        XCTAssertEqual(webp.frames.last?.end, 9000)
        let lossy = try tabanim(["export", Self.seed, "-o", "b.webp", "--quality", "60", "--fps", "5", "--scale", "0.25", "--quiet"], in: out)
        XCTAssertEqual(lossy.status, 0, lossy.stderr)
        let video = try tabanim(["export", Self.seed, "-o", "v.mp4", "--fps", "5", "--scale", "0.25"], in: out)
        XCTAssertEqual(video.status, 0, video.stderr)
        XCTAssertTrue(video.stderr.hasPrefix("Wrote v.mp4 (45 frames, 9 s, "), video.stderr)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("v.mp4")).dropFirst(4).prefix(4), Data("ftyp".utf8))
        assertUsageError(try tabanim(["export", Self.seed, "-o", "c.svg", "--quality", "60"], in: out),
                         "--quality is for GIF, WebP and MP4 outputs; SVG has no quality setting", see: "tabanim export --help")
    }

    /// `-o -` streams one file to standard output (`tabanim export scene.json -o - --format gif | gifsicle
    /// --info`): the GIF decodes with every frame, and no file named "-" is made.
    func testAFileCanGoToStandardOutput() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.seed, "-o", "-", "--format", "gif", "--fps", "5", "--scale", "0.25"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "Wrote standard output (45 frames, 9 s)\n")
        let file = out.appendingPathComponent("piped.gif")
        try result.stdoutData.write(to: file)
        let gif = try DecodedGIF(path: file.path, playedAt: 5)
        XCTAssertEqual(gif.frames.count, 45)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("-").path))
        let video = try tabanim(["export", Self.seed, "-o", "-", "--format", "mp4", "--fps", "5", "--scale", "0.25", "--quiet"], in: out)
        XCTAssertEqual(video.status, 0, video.stderr)
        XCTAssertEqual(video.stdoutData.dropFirst(4).prefix(4), Data("ftyp".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["piped.gif"], "no temporary left")
        assertUsageError(try tabanim(["export", Self.seed, "-o", "-", "-o", "a.gif", "--format", "gif"], in: out),
                         "-o - writes one file to standard output: give it alone, without --watch", see: "tabanim export --help")
    }

    /// FFmpeg's libraries (134 with their dependencies, 64 ms to load) are opened only when an MP4 is written
    /// (`Sources/CFFmpeg/shim.h`): a direct call of an FFmpeg function would link them into every process
    /// again. glibc's loader lists what a program loads when `LD_TRACE_LOADED_OBJECTS` is set (as `ldd` does).
    func testFFmpegIsNotLoadedAtStart() throws {
        #if os(Linux)
        let trace = try tabanim(["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        XCTAssertEqual(trace.status, 0, trace.stderr)
        XCTAssertTrue(trace.stdout.contains("libcairo"), "the loader's list of libraries: \(trace.stdout)")
        for library in ["libavformat", "libavcodec", "libavutil", "libswscale"] {
            XCTAssertFalse(trace.stdout.contains(library), "\(library) is loaded at start: \(trace.stdout)")
        }
        #else
        throw XCTSkip("reads glibc's loader trace (Linux only)")
        #endif
    }

    /// `--max-size`: each output is made again with less until it fits (never larger than asked), and the
    /// final line says what was given up; an error, and no file, when even the last step does not fit.
    func testMaxSizeGivesUpWhatCostsLeastFirst() throws {
        let out = try folder()
        // At 0.5 px per pt and 30 fps: GIF 79 KB, WebP 112 KB, MP4 34 KB.
        let result = try tabanim(["export", Self.seed, "-o", "s.gif", "-o", "s.webp", "-o", "s.mp4", "--scale", "0.5", "--max-size", "50K"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ["s.gif", "s.webp", "s.mp4"] {
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.size] as? Int)
            XCTAssertLessThanOrEqual(size, 50 * 1024, name)
        }
        XCTAssertTrue(result.stderr.contains("Wrote s.gif (9 s; to fit 50K: ") && result.stderr.contains(" fps instead of 30"), result.stderr)
        let webpLine = result.stderr.split(separator: "\n").first { $0.hasPrefix("Wrote s.webp") } ?? ""
        XCTAssertTrue(webpLine.hasPrefix("Wrote s.webp (9 s; to fit 50K: ") && webpLine.contains(" fps instead of 30"), "the frame rate first: \(webpLine)")
        XCTAssertTrue(result.stderr.contains("Wrote s.mp4 (270 frames, 9 s, "), "the MP4 fits as it is: \(result.stderr)")
        let refused = try tabanim(["export", Self.seed, "-o", "t.gif", "--scale", "0.5", "--max-size", "2K"], in: out)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("Error: t.gif: even at quality 70, 10 fps instead of 30, 32 colours and scale 0.25 instead of 0.5 the GIF is "), refused.stderr)
        XCTAssertTrue(refused.stderr.hasSuffix(" KiB), more than --max-size 2K (2,048 bytes)\n"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("t.gif").path))
        assertUsageError(try tabanim(["export", Self.seed, "-o", "f/", "--max-size", "1M"], in: out),
                         "--max-size is for files (GIF, SVG, WebP and MP4), not a folder of PNG frames ('f/')", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", Self.seed, "-o", "a.gif", "--max-size", "big"], in: out),
                         "--max-size takes a size such as 10M, 500K or 409600, not 'big'", see: "tabanim export --help")
    }

    /// A 200,000-character title (a 200 KB scene; it once took 35 s and wrote a 95 MB SVG) is kept to its
    /// first 400 characters and truncated to its label: the SVG is as small as with a short title.
    func testAHugeTitleCostsNoMoreThanAShortOne() throws {
        let out = try folder()
        try write(#"{"export": {"duration": 2, "fps": 10}, "tabBar": {"items": [{"title": "\#(String(repeating: "A", count: 200_000))"}, {"title": "B"}]}}"#,
                  to: out.appendingPathComponent("huge.json"))
        try write(#"{"export": {"duration": 2, "fps": 10}, "tabBar": {"items": [{"title": "\#(String(repeating: "A", count: 100))"}, {"title": "B"}]}}"#,
                  to: out.appendingPathComponent("long.json"))
        for name in ["huge", "long"] {
            let result = try tabanim(["export", "\(name).json", "-o", "\(name).svg", "-o", "\(name).gif", "--quiet"], in: out)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let huge = try Data(contentsOf: out.appendingPathComponent("huge.svg")), long = try Data(contentsOf: out.appendingPathComponent("long.svg"))
        XCTAssertEqual(huge, long, "both titles show as the same truncated label")
        XCTAssertLessThan(huge.count, 60_000)
    }

    func testABrokenSceneLeavesTheExistingOutputUntouched() throws {
        let out = try folder()
        try write(#"{"tabBar": {"items": [{"title": "A"}, {"title": "B", "icon": "icons/home.svg"}]}}"#, to: out.appendingPathComponent("scene.json"))
        let previous = Data("previous GIF".utf8)
        let gif = out.appendingPathComponent("out.gif")
        try previous.write(to: gif)
        let result = try tabanim(["export", "scene.json", "-o", "out.gif"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Error: scene.json: tabBar.items[1].icon: file not found: icons/home.svg\n")
        XCTAssertEqual(try Data(contentsOf: gif), previous, "byte-identical")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["out.gif", "scene.json"])
    }

    func testUnreadableAssetsAndBrokenJSONNameFileAndKey() throws {
        let out = try folder()
        try Data("not an svg".utf8).write(to: out.appendingPathComponent("bad.svg"))
        try Data("not a png".utf8).write(to: out.appendingPathComponent("bad.png"))
        try write(#"{"tabBar": {"items": [{"icon": "bad.svg"}, {"icon": "bad.png"}]}, "centerButton": {"selects": 0}}"#,
                  to: out.appendingPathComponent("scene.json"))
        let result = try tabanim(["export", "scene.json", "-o", "out.svg"], in: out)
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix("Error: scene.json: tabBar.items[0].icon: unreadable SVG bad.svg: XML parse error"), result.stderr)
        XCTAssertEqual(lines[1], "Error: scene.json: tabBar.items[1].icon: unreadable PNG bad.png: not a PNG file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("out.svg").path))

        try write("{\n  \"export\": {\"fps\": 30,,}\n}", to: out.appendingPathComponent("broken.json"))
        let broken = try tabanim(["timeline", "broken.json"], in: out)
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.stderr, "Error: broken.json:2:24: invalid JSON: unexpected ',', expected a key in double quotes\n")
        let missing = try tabanim(["timeline", "nowhere.json"], in: out)
        XCTAssertEqual(missing.stderr, "Error: nowhere.json: file not found\n")
        XCTAssertEqual(missing.status, 1)
        try write(#"{"export": {"fsp": 10}}"#, to: out.appendingPathComponent("typo.json"))
        XCTAssertEqual(try tabanim(["export", "typo.json", "-o", "o.svg"], in: out).stderr,
                       "Error: typo.json: export.fsp: unknown key \"fsp\" (did you mean \"fps\"?)\n")
    }
}
