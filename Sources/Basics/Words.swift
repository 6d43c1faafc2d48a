import Foundation

/// "Did you mean …?" by edit distance, case-insensitive.
public enum Suggestion {
    /// The candidate nearest `word` within the edits a typo makes, or nil. Only candidates of a similar length
    /// are compared (the distance is at least the difference of the lengths), and a word longer than any name
    /// (`Limits.nameLength`) is compared with none: a 100,000-character word costs one count, not 373
    /// comparisons of 100,000 × 20 steps.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let length = word.count
        guard length <= Limits.nameLength else { return nil }
        // Two edits in a word of five letters or fewer is another word ("fish" is not "bash"), not a typo.
        let allowed = maxEdits(length)
        let lower = word.lowercased()
        let scored = candidates.lazy.filter { abs($0.count - length) <= allowed }.map { ($0, distance(lower, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= allowed ? best.0 : nil
    }

    /// The edits a typo of a word of `length` characters may make: one up to five letters, two up to
    /// eight, then a third of the word.
    public static func maxEdits(_ length: Int) -> Int { max(length > 5 ? 2 : 1, length / 3) }

    /// Whether `candidate` could be within `edits` of a word of `length` characters: its length within `edits`.
    public static func similarLength(_ candidate: String, _ length: Int, edits: Int) -> Bool { abs(candidate.count - length) <= edits }

    /// Edit distance where swapping two neighbours counts as one edit, the commonest typo
    /// (optimal string alignment).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

/// What a user wrote, as a message quotes it: at most `limit` characters; a longer text is cut there and
/// says its length ("home.fill.fill.fill…" (100000 characters)), so a refusal stays short whatever was written.
public enum Excerpt {
    /// Chosen: a long SF Symbol name is under 50 characters, a message line about 120.
    public static let limit = 80

    public static func of(_ text: String) -> String {
        guard text.count > limit else { return text }  // `count` stops at most at the end; a bounded text is short
        return "\(text.prefix(limit))… (\(text.count) characters)"
    }
}

extension Double {
    /// Shortest readable form: `3` rather than `3.0`, `0.5` as is.
    public var shortText: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
