import Drawing
import Foundation
import Graph
import Graphics
import Scene
import enum Basics.SVGNumber

/// How every animation of one SVG plays: over the scene's loop (`dur`), repeated forever or `playCount`
/// times (then frozen on its last frame), `EncodingOptions.playback`.
struct SMILTiming {
    let duration: TimeInterval
    let playCount: Int?
    /// Where curves that SMIL cannot play exactly are sampled.
    let frameRate: Double

    func animation(_ tracks: [Track]) -> SMILAnimation? {
        SMILAnimation(tracks, duration: duration, frameRate: frameRate)
    }

    /// `dur`, `repeatCount` (and `fill`), `calcMode`, `keyTimes` and `keySplines` of `animation`.
    func write(_ animation: SMILAnimation, into xml: XMLWriter) throws(CLibraryError) {
        try xml.attribute("dur", "\(SVGNumber.time(duration))s")
        if let playCount {
            try xml.attribute("repeatCount", String(playCount))
            try xml.attribute("fill", "freeze")
        } else {
            try xml.attribute("repeatCount", "indefinite")
        }
        try xml.attribute("calcMode", animation.calcMode.rawValue)
        try xml.attribute("keyTimes", animation.keyTimesAttribute)
        if animation.calcMode == .spline { try xml.attribute("keySplines", animation.keySplinesAttribute) }
    }

    /// `<animate>` of `attribute` through `tracks`, each key's values written by `format`; nothing when they hold still.
    func animate(_ tracks: [Track], attribute: String, into xml: XMLWriter, _ format: ([Double]) -> String) throws(CLibraryError) {
        guard let animation = animation(tracks) else { return }
        try xml.start("animate")
        try xml.attribute("attributeName", attribute)
        try xml.attribute("values", animation.values.map(format).joined(separator: ";"))
        try write(animation, into: xml)
        try xml.end()
    }

    /// `<animateTransform>` of `type` through `animation`.
    func animateTransform(_ animation: SMILAnimation, type: String, into xml: XMLWriter, _ format: ([Double]) -> String) throws(CLibraryError) {
        try xml.start("animateTransform")
        try xml.attribute("attributeName", "transform")
        try xml.attribute("type", type)
        try xml.attribute("values", animation.values.map(format).joined(separator: ";"))
        try write(animation, into: xml)
        try xml.end()
    }
}
