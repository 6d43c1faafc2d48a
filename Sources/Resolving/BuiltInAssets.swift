import Basics
import Graph
import Spec

/// Images tabanim draws when a scene names none.
enum BuiltInAssets {
    /// The raised center button: a blue disc with a white ring and plus, and a dot at the top so that
    /// the spin is visible (a plus alone looks the same every quarter turn). The disc is the bar's tint
    /// (`tabBar.tintColor`, systemBlue when the scene gives none), so the default button matches the app's accent.
    static func addButtonSVG(disc: Color) -> String { """
    <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">\
    <circle cx="32" cy="32" r="29" fill="\(disc.hex)" stroke="#FFFFFF" stroke-width="2"/>\
    <path d="M32 19v26M19 32h26" stroke="#FFFFFF" stroke-width="5" stroke-linecap="round"/>\
    <circle cx="32" cy="9" r="3" fill="#FFFFFF"/></svg>
    """
    }
}
