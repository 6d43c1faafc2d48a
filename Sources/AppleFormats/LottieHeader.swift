import Basics
import Foundation

/// Reads what tabanim needs from a Lottie file's top level (`w`, `h`, `fr`, `ip`, `op`) with the same
/// strict JSON parser as scenes, for timing and layout; the engine (`LottieEngine`) reads the rest.
package struct LottieHeader {
    package var canvas: Size
    package var frameRate: Double
    package var inPoint: Double
    package var outPoint: Double

    /// Larger canvases or longer animations are refused: an icon needs neither.
    static let maxCanvasSide = 4096.0
    package static let maxFrames = 1200.0

    /// `nil` and a reason when the file is not a Lottie animation tabanim can play. The file's size has
    /// been checked against `limits.assetSize` already; the read is bounded again in case it grew.
    package static func read(_ url: URL, limits: Limits = .standard) -> Result<LottieHeader, Failure> {
        let data: Data
        switch FileReader.contents(of: url, limit: limits.assetSize) {
        case .success(let bytes): data = bytes
        case .failure(let failure): return .failure(Failure(failure.reason))
        }
        return read(data)
    }

    /// The same from the JSON's bytes (an animation taken out of a dotLottie archive).
    package static func read(_ data: Data) -> Result<LottieHeader, Failure> {
        var parser = JSONParser(data: data)
        parser.maxDepth = 256  // Lottie nests shape groups deeply
        let root: JSONNode
        do { root = try parser.parse() } catch {
            return .failure(Failure("not valid JSON (line \(error.line), column \(error.column): \(error.message))"))
        }
        guard case .object(let members) = root.value else { return .failure(Failure("not a Lottie animation (no top-level object)")) }
        func number(_ key: String) -> Double? {
            guard case .number(let value)? = members.first(where: { $0.key == key })?.node.value else { return nil }
            return value
        }
        guard let w = number("w"), let h = number("h"), let fr = number("fr"), let ip = number("ip"), let op = number("op") else {
            return .failure(Failure("not a Lottie animation (w, h, fr, ip and op are needed at the top level)"))
        }
        guard w > 0, h > 0 else { return .failure(Failure("the canvas is \(w.shortText)×\(h.shortText): nothing to draw")) }
        guard w <= maxCanvasSide, h <= maxCanvasSide else {
            return .failure(Failure("the canvas \(w.shortText)×\(h.shortText) is larger than \(Int(maxCanvasSide)) on a side"))
        }
        guard fr >= 1, fr <= 240 else { return .failure(Failure("frame rate \(fr.shortText) is not between 1 and 240")) }
        guard op > ip else { return .failure(Failure("no frames (out point \(op.shortText) is not after in point \(ip.shortText))")) }
        // Found by the seeded fuzzer: the count is shown as a Double, since op − ip may not fit an Int.
        guard op - ip <= maxFrames else { return .failure(Failure("\((op - ip).rounded(.up).shortText) frames is more than the limit of \(Int(maxFrames))")) }
        if let failure = externalImage(members) { return .failure(failure) }
        return .success(LottieHeader(canvas: Size(width: w, height: h), frameRate: fr, inPoint: ip, outPoint: op))
    }

    /// An image asset's `u` + `p` would name a path (relative to the working directory): only images
    /// embedded as `data:` URIs are played, so that a Lottie file reads no other file.
    private static func externalImage(_ members: [(key: String, node: JSONNode)]) -> Failure? {
        guard case .array(let assets)? = members.first(where: { $0.key == "assets" })?.node.value else { return nil }
        for asset in assets {
            guard case .object(let fields) = asset.value,
                  let file = fields.first(where: { $0.key == "p" })?.node.value else { continue }
            guard case .string(let path) = file, path.hasPrefix("data:") else {
                var name = ""
                if case .string(let id)? = fields.first(where: { $0.key == "id" })?.node.value { name = " \"\(id)\"" }
                var shown = file.typeName
                if case .string(let path) = file {
                    var folder = ""
                    if case .string(let u)? = fields.first(where: { $0.key == "u" })?.node.value { folder = u }
                    shown = String((folder + path).prefix(80))
                }
                return Failure("image asset\(name) is a separate file (\(shown)); tabanim plays only Lottie files whose images are embedded (data: URIs)")
            }
        }
        return nil
    }

    package struct Failure: Error {
        package var message: String
        package init(_ message: String) { self.message = message }
    }
}
