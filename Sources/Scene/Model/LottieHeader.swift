import Foundation

/// Reads what tabanim needs from a Lottie file's top level (`w`, `h`, `fr`, `ip`, `op`) with the same
/// strict JSON parser as scenes: timing and layout stay pure Swift, and the C player (rlottie) runs only
/// when frames are drawn, isolated in a child process.
struct LottieHeader {
    var canvas: Size
    var frameRate: Double
    var inPoint: Double
    var outPoint: Double

    /// Larger canvases or longer animations are refused: an icon needs neither.
    static let maxCanvasSide = 4096.0
    static let maxFrames = 1200.0
    static let maxFileSize = 8 << 20

    /// `nil` and a reason when the file is not a Lottie animation tabanim can play.
    static func read(_ url: URL) -> Result<LottieHeader, Failure> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = attributes[.size] as? Int else { return .failure(Failure("cannot read the file")) }
        guard size <= maxFileSize else { return .failure(Failure("the file is larger than \(maxFileSize >> 20) MiB")) }
        guard let data = try? Data(contentsOf: url) else { return .failure(Failure("cannot read the file")) }
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
        guard fr > 0, fr <= 240 else { return .failure(Failure("frame rate \(fr.shortText) is not between 0 and 240")) }
        guard op > ip else { return .failure(Failure("no frames (out point \(op.shortText) is not after in point \(ip.shortText))")) }
        guard op - ip <= maxFrames else { return .failure(Failure("\(Int(op - ip)) frames is more than the limit of \(Int(maxFrames))")) }
        return .success(LottieHeader(canvas: Size(width: w, height: h), frameRate: fr, inPoint: ip, outPoint: op))
    }

    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
