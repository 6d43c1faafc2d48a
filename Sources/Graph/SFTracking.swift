import Basics
import Foundation

/// SF Pro's tracking, which UIKit applies to the system font by point size: Apple's Human Interface
/// Guidelines, "Typography" › "Tracking values" (SF Pro, iOS), in thousandths of an em. 12 pt is untracked,
/// 10 pt (tab titles) +12, 13 pt (badges, iPad titles) −6, 17 pt (iPadOS 26 titles, navigation titles) −26.
/// Between the table's sizes the value is interpolated; outside it, the nearest end holds.
public enum SFTracking {
    /// (point size, tracking in 1/1000 em), 6 to 28 pt: the text sizes; Display sizes above are out of scope.
    static let table: [(size: Double, thousandths: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16), (16, -20),
        (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3), (25, 6), (26, 8),
        (27, 11), (28, 14),
    ]

    /// Tracking in thousandths of an em at `size` points.
    public static func thousandths(at size: Double) -> Double {
        guard let first = table.first, let last = table.last else { return 0 }
        if size <= first.size { return first.thousandths }
        if size >= last.size { return last.thousandths }
        guard let upper = table.firstIndex(where: { $0.size >= size }) else { return 0 }
        let a = table[upper - 1], b = table[upper]
        return a.thousandths + (b.thousandths - a.thousandths) * (size - a.size) / (b.size - a.size)
    }

    /// The extra space after each character at `size`, in points: 0.12 pt at 10 pt.
    public static func points(at size: Double) -> Double { thousandths(at: size) / 1000 * size }
}
