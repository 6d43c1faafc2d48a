import Basics
import Drawing
import Foundation
import GIFExport
import Graph
import Outputs
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// The package's root folder, found from this file's path (tests run from anywhere).

func fixtureURL(_ name: String) -> URL { packageRoot.appendingPathComponent("Tests/Fixtures/\(name)") }

func loadFixture(_ name: String, adjust: (inout SceneSpec) -> Void = { _ in }) throws -> ResolvedScene {
    try SceneResolver.load(fixtureURL(name), displayName: name, adjust: adjust)
}


extension DecodedGIF {
    func picture(_ index: Int) -> Picture { Picture(rgba: frames[index].rgba, width: width, height: height) }
}

/// Asserts that two pictures agree within `minimumPSNR`, writing a diff image when they do not.
func assertSimilar(_ a: Picture, _ b: Picture, minimumPSNR: Double, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    let psnr = a.psnr(b)
    if psnr < minimumPSNR {
        XCTFail("\(name): PSNR \(String(format: "%.1f", psnr)) dB < \(minimumPSNR) dB; diff: \(a.writeDiff(against: b, named: name))",
                file: file, line: line)
    }
}

// MARK: - The spinning button, read from pixels

    /// The angle of the white dot near the button's rim, in degrees clockwise from 12 o'clock, from pixels.
/// The built-in button draws the dot at radius 23/64 of its size; nothing else white lies near that radius.
func dotAngle(_ picture: Picture, center: (x: Double, y: Double), size: Double) -> Double? {
    let radius = 23.0 / 64 * size
    var sx = 0.0, sy = 0.0, n = 0.0
    for y in Int(center.y - radius - 8)...Int(center.y + radius + 8) {
        for x in Int(center.x - radius - 8)...Int(center.x + radius + 8) {
            let dx = Double(x) + 0.5 - center.x, dy = Double(y) + 0.5 - center.y
            let r = (dx * dx + dy * dy).squareRoot()
            guard abs(r - radius) < 4.0 / 64 * size, y >= 0, y < picture.height, x >= 0, x < picture.width else { continue }
            let p = picture.pixel(x, y)
            let whiteness = Double(min(p.r, p.g, p.b) - 100) / 155  // blue disc ≈ 0, white ≈ 1
            guard whiteness > 0 else { continue }
            sx += dx * whiteness; sy += dy * whiteness; n += whiteness
        }
    }
    guard n > 3 else { return nil }
    let angle = atan2(sx / n, -(sy / n)) * 180 / .pi
    return (angle + 360).truncatingRemainder(dividingBy: 360)
}

/// The built-in button's angle in a picture of `scene`'s export region.
func buttonAngle(_ picture: Picture, _ scene: ResolvedScene) -> Double? {
    let layout = Animation(scene).layout
    guard let button = layout.centerButton else { return nil }
    let scale = scene.export.scale
    let center = ((button.center.x - layout.exportRegion.minX) * scale, (button.center.y - layout.exportRegion.minY) * scale)
    return dotAngle(picture, center: center, size: button.width * scale)
}

/// The smaller angle between two directions, in degrees.
func angleDifference(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
}

/// An icon's box in a browser's picture against the GIF's: printed raw (and blurred 3 × 3 when `softened`),
/// asserted blurred when `softened` (Firefox's and WebKit's edge antialiasing set aside), raw otherwise.
func assertIconBoxSimilar(_ inBox: Picture, _ expected: Picture, softened: Bool, minimumPSNR: Double, _ name: String,
                          file: StaticString = #filePath, line: UInt = #line) {
    print("\(name): icon box \(String(format: "%.1f", inBox.psnr(expected))) dB"
          + (softened ? ", \(String(format: "%.1f", inBox.boxBlurred().psnr(expected.boxBlurred()))) dB with both blurred 3 × 3" : ""))
    if softened {
        assertSimilar(inBox.boxBlurred(), expected.boxBlurred(), minimumPSNR: minimumPSNR, name, file: file, line: line)
    } else {
        assertSimilar(inBox, expected, minimumPSNR: minimumPSNR, name, file: file, line: line)
    }
}

extension Animation {
    /// Item `item`'s icon box cut out of one of this animation's frames (its export region at its scale).
    func iconBox(_ item: Int, in picture: Picture) -> Picture { crop(layout.items[item].iconFrame, from: picture) }

    /// The pixels of `box` (in screen points) in one of this animation's frames.
    func crop(_ box: Rect, from picture: Picture) -> Picture {
        let region = layout.exportRegion, scale = scene.export.scale
        return picture.cropped(x: Int(((box.minX - region.minX) * scale).rounded()), y: Int(((box.minY - region.minY) * scale).rounded()),
                               width: Int((box.width * scale).rounded()), height: Int((box.height * scale).rounded()))
    }

    /// The frames 30, 50 and 70 % into each icon animation the timeline plays, with the item it plays on.
    var iconPlayFrames: [(item: Int, frame: Int)] {
        timeline.iconAnimations.flatMap { play in
            [0.3, 0.5, 0.7].map { p in (play.item, Int(((play.start + p * (play.end - play.start)) * scene.export.fps).rounded())) }
        }
    }

    /// Moments halfway between two frame times (frame k + ½), 30, 50 and 70 % into each linear play of each
    /// Lottie clip, with the clip's box: where a flip-book would show the frame before.
    var midFrameMoments: [(box: Rect, time: Double)] {
        let fps = scene.export.fps
        var moments: [(box: Rect, time: Double)] = []
        for sequence in graph.sequences {
            let keys = sequence.playhead.keyframes
            for (key, next) in zip(keys, keys.dropFirst()) where key.easing == .linear {
                let playing = min(next.time, key.time + (sequence.clip.outPoint - sequence.clip.inPoint) / sequence.clip.frameRate)
                for p in [0.3, 0.5, 0.7] {
                    let k = ((key.time + p * (playing - key.time)) * fps).rounded(.down)
                    moments.append((sequence.frame, (k + 0.5) / fps))
                }
            }
        }
        return moments
    }
}
