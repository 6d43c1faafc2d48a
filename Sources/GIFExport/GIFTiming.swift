import Drawing
import Foundation
import Outputs

/// Frame delays in centiseconds, chosen so that the running total never drifts more than one centisecond
/// from real time: frame i ends at round(100·(i+1)/fps) cs, so 30 fps gives 3, 4, 3, 3, 4, 3, …
public enum GIFTiming {
    /// Browsers play delays of 0 or 1 cs as 10 cs, so no delay may be below 2 cs: at most 50 fps.
    public static let minimumDelay = 2
    public static let maximumFPS = 50.0

    public static func delays(frameCount: Int, fps: Double) -> [Int] {
        (0..<frameCount).map { i in
            Int((100 * Double(i + 1) / fps).rounded()) - Int((100 * Double(i) / fps).rounded())
        }
    }
}
