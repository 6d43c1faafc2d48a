import Foundation
import Graph
import Resolving
import Scene
import SceneLayout

/// `tabanim presets`: the devices a scene can name, with the metrics tabanim uses for them.
enum PresetsCommand: Command {
    static let spec = CommandSpec(
        name: "presets",
        abstract: "List the device presets and their metrics.",
        discussion: "A scene names one with \"device\": \"iphone-se\" (or \"device\": {\"preset\": …} to change some metrics). Sizes are in points; pixels are points × scale. The classic tab bar is 49 pt of items plus the home indicator area (45 pt on an iPad, its icons left of the titles; 32 pt on an iPhone in landscape); the glass bar (tabBar.style \"glass\") a 62 pt capsule 21 pt in from the sides and bottom, on an iPad a 44 pt bar at the top sized to its titles. \"orientation\": \"landscape\" turns any preset: the landscape column gives its safe area then (top/left/bottom/right). The corners column is the display's corner radius, drawn with \"export\": {\"screenCorners\": true}.",
        options: [.init(name: "json", valueName: nil, help: "Print JSON instead of a table.")],
        examples: ["tabanim presets", "tabanim presets --json | jq '.[].name'"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        if arguments.flag("json") {
            try console.outJSON(DevicePreset.all.map(Row.init))
        } else {
            console.out(table())
        }
    }

    static func table() -> String {
        let header = ["name", "size (pt)", "scale", "pixels", "status bar", "home indicator", "tab bar", "landscape", "corners"]
        let rows = DevicePreset.all.map { device -> [String] in
            let row = Row(device)
            return [row.name + (row.isDefault ? " (default)" : ""), "\(row.width.shortText) × \(row.height.shortText)",
                    "@\(row.scale.shortText)x", "\(row.pixelWidth) × \(row.pixelHeight)", "\(row.safeAreaTop.shortText) pt",
                    "\(row.safeAreaBottom.shortText) pt", "\(row.tabBarHeight.shortText) pt",
                    [row.landscape.top, row.landscape.left, row.landscape.bottom, row.landscape.right].map(\.shortText).joined(separator: "/") + " pt",
                    "\(row.cornerRadius.shortText) pt"]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n" + foldableNote
    }

    /// What the table's columns cannot say about the iPhone Duo's displays.
    static let foldableNote = "\niphone-duo-outer and iphone-duo-inner are the iPhone Duo's two displays (iOS 27.1): the strip's 84-pt "
        + "safe area runs down the right (the hardware's side) on the outer display and on the inner one in landscape, "
        + "where the tab bar is a vertical glass rail (48 pt wide, 24 pt from the right and bottom edges); the inner display "
        + "in portrait keeps the bottom bar. \"tabBar\": {\"verticalBehavior\": \"disabled\"} moves the strip to the top.\n"

    /// One preset as the table and the JSON show it.
    struct Row: Encodable {
        var name: String
        var isDefault: Bool
        var width: Double
        var height: Double
        var scale: Double
        var pixelWidth: Int
        var pixelHeight: Int
        var safeAreaTop: Double
        var safeAreaBottom: Double
        /// The classic bar in portrait: 49 pt of items (45 on an iPad) plus the bottom safe area.
        var tabBarHeight: Double
        /// `phone` or `pad`.
        var idiom: String
        /// The safe area with `"orientation": "landscape"`.
        var landscape: Insets
        struct Insets: Encodable { var top, left, bottom, right: Double }
        /// The display's corner radius (`export.screenCorners` draws it).
        var cornerRadius: Double
        /// The iPhone Duo's display, `outer` or `inner`; absent on every other device.
        var display: String?
        /// The safe area's right inset in portrait (the Duo's outer display: its strip); absent when 0.
        var safeAreaRight: Double?

        init(_ device: Device) {
            name = device.name
            isDefault = device.name == DevicePreset.defaultName
            width = device.size.width
            height = device.size.height
            scale = device.scale
            pixelWidth = Int(device.size.width * device.scale)
            pixelHeight = Int(device.size.height * device.scale)
            safeAreaTop = device.safeAreaTop
            safeAreaBottom = device.safeAreaBottom
            tabBarHeight = (device.idiom == .pad ? Layout.Inline.padItemsHeight : Layout.itemsHeight) + device.safeAreaBottom
            idiom = device.idiom.rawValue
            let turned = device.oriented(.landscape)
            landscape = Insets(top: turned.safeAreaTop, left: turned.safeAreaLeft, bottom: turned.safeAreaBottom, right: turned.safeAreaRight)
            cornerRadius = device.cornerRadius
            display = device.foldDisplay?.rawValue
            safeAreaRight = device.safeAreaRight > 0 ? device.safeAreaRight : nil
        }
    }
}
