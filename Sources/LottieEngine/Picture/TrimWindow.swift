import Foundation

/// What a trim path (`tm`) keeps of one contour, as a dash: with the contour's length counted as
/// `pathLength`, the positions x kept are those where (x + `dashOffset`) mod 1 lies in 0 ..< `length`.
/// That is SVG's `pathLength`, `stroke-dasharray="length 1−length"` and `stroke-dashoffset`, so the SVG
/// writer can move a trim on the file's own keyframes (issue 37). The engine's pictures cut the path
/// instead (`PathTrimmer`); windows appear only with `EvaluationOptions.trimsAsDashes`.
public struct TrimWindow: Sendable, Hashable {
    /// The contour's share of the length the trim runs along (1 for a path trimmed on its own).
    public var pathLength: Double
    /// The kept fraction, 0…1 (`e` − `s`, clamped as `PathTrimmer` clamps them).
    public var length: Double
    /// Where the kept part starts, negated: the contour's start along the trimmed length minus (`s` + `o`),
    /// not wrapped (the pattern repeats every 1), so that it moves on the keyframes' own curves.
    public var dashOffset: Double

    public init(pathLength: Double, length: Double, dashOffset: Double) {
        self.pathLength = pathLength; self.length = length; self.dashOffset = dashOffset
    }
}
