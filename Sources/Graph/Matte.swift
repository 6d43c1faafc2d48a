import Basics
import Foundation

/// What is behind the screen's content and around it. Every exporter paints it through an exhaustive
/// `switch`, so a screen outline one of them leaves out does not compile (`SceneGraph.background` was a
/// bare colour before `export.screenCorners`, and nothing made an exporter draw more than that).
public enum Matte: Sendable, Equatable {
    /// The whole viewport filled with this colour before anything is drawn (square corners: the default).
    case full(Color)
    /// `export.screenCorners`: `color` behind the content as for `.full`, then, over everything drawn,
    /// every point of the viewport outside `screen` with its corners rounded by `radius` (circular arcs)
    /// replaced by `outside`: transparent where the format has alpha, an opaque colour where it has none.
    case roundedScreen(Color, screen: Rect, radius: Double, outside: Color)

    /// The colour behind the content (`--background`, or the scene's systemBackground).
    public var color: Color {
        switch self {
        case .full(let color), .roundedScreen(let color, _, _, _): return color
        }
    }

    /// Whether every pixel it leaves is opaque (a GIF or an MP4 needs that).
    public var isOpaque: Bool {
        switch self {
        case .full(let color): return color.alpha >= 1
        case .roundedScreen(let color, _, _, let outside): return color.alpha >= 1 && outside.alpha >= 1
        }
    }

    /// The same matte behind `color`: the corners take it too (`--background` names what is seen wherever
    /// the screen is not, and outside its corners it is not).
    public func behind(_ color: Color) -> Matte {
        switch self {
        case .full: return .full(color)
        case .roundedScreen(_, let screen, let radius, _): return .roundedScreen(color, screen: screen, radius: radius, outside: color)
        }
    }

    /// For a format without alpha (GIF, MP4): transparent corners take the colour behind the content.
    public var opaqueCorners: Matte {
        switch self {
        case .full: return self
        case .roundedScreen(let color, let screen, let radius, let outside):
            return .roundedScreen(color, screen: screen, radius: radius, outside: outside.alpha >= 1 ? outside : color)
        }
    }
}
