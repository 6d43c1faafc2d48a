/// How many times an export plays (`--loop`): one value that each container translates into its own
/// convention (`GIFExporter`: NETSCAPE2.0 repeats after the first play; `WebPExporter`: the ANIM loop count;
/// `SVGExporter`: SMIL's `repeatCount`). An MP4 has none: players loop a video themselves.
public enum Playback: Sendable, Equatable {
    case forever
    /// Plays this many times (at least 1), then stays on its last frame.
    case plays(Int)

    /// `--loop N`: 0 is forever.
    public init(loop: Int) {
        self = loop <= 0 ? .forever : .plays(loop)
    }

    /// How many times it plays; nil forever.
    public var playCount: Int? {
        switch self {
        case .forever: return nil
        case .plays(let count): return max(1, count)
        }
    }

    /// "loops forever", "plays once", "plays 3 times".
    public var description: String {
        switch playCount {
        case nil: return "loops forever"
        case 1: return "plays once"
        case let count?: return "plays \(count) times"
        }
    }
}
