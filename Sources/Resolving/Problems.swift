import Basics
import Graph
import Spec

/// Collects diagnostics while resolving, after those of reading.
struct Problems {
    let file: String
    var diagnostics: [Diagnostic] = []
    /// Problems beyond `Diagnostic.maximumCount`: counted, not kept.
    var dropped = 0
    /// Where reading found a problem already: a value there was left out, and what resolving then finds
    /// there (a default out of place, a key "missing") is the same problem told again.
    private var reported: Set<KeyPath> = []
    /// The stage of the first problem: `.decode` when reading found any.
    private(set) var stage = SceneError.Stage.resolve

    /// The flags that gave values in place of the file's, by the key each replaces (`SceneResolver.flags`).
    let flags: [KeyPath: String]

    init(file: String, flags: [KeyPath: String] = [:]) {
        self.file = file
        self.flags = flags
    }

    init(file: String, flags: [KeyPath: String] = [:], after reading: SceneSpec.Reading) {
        self.init(file: file, flags: flags)
        diagnostics = reading.diagnostics
        dropped = reading.dropped
        reported = Set(reading.diagnostics.compactMap(\.keyPath))
        if count > 0 { stage = .decode }
    }

    mutating func add(_ path: KeyPath, _ message: @autoclosure () -> String) {
        guard !reported.contains(where: path.isWithin) else { return }
        guard diagnostics.count < Diagnostic.maximumCount else { dropped += 1; return }
        diagnostics.append(Diagnostic(file: file, keyPath: path, message: message(), flag: flags[path]))
    }

    /// Every file and folder the scene names that resolving read (or would read), with the key naming it:
    /// `ResolvedScene.inputs`, which no output may overwrite.
    var inputs: [SceneInput] = []

    /// What resolving reads past and the scene still plays (a dotLottie theme's rule it does not apply):
    /// `ResolvedScene.warnings`.
    var warnings: [Diagnostic] = []

    mutating func warn(_ path: KeyPath, _ message: String) {
        warnings.append(Diagnostic(file: file, keyPath: path, message: message))
    }

    /// Every problem kept, and one more line saying how many were not.
    var allDiagnostics: [Diagnostic] {
        diagnostics + (dropped > 0 ? [Diagnostic.more(dropped, file: file)] : [])
    }

    /// Problems found, kept or not.
    var count: Int { diagnostics.count + dropped }

    /// `value` when inside `range`; otherwise reports it and returns nil (the caller then uses its default).
    mutating func check(_ value: Double?, _ path: KeyPath, in range: ClosedRange<Double>, unit: String) -> Double? {
        guard let value else { return nil }
        guard range.contains(value) else {
            let suffix = unit.isEmpty ? "" : " \(unit)"
            add(path, "\(value.shortText) is out of range; expected \(range.lowerBound.shortText) to \(range.upperBound.shortText)\(suffix)")
            return nil
        }
        return value
    }
}
