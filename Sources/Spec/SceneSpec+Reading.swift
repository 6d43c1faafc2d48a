import Basics
import Foundation

extension SceneSpec {
    /// A scene file read as far as its problems allow: every value that could be read and every problem
    /// found, so that resolving can go on past a misspelt key or a bad colour and add its own problems.
    public struct Reading: Sendable {
        /// The scene file as the user named it.
        public var file: String
        /// Every value that could be read; one that could not is absent, so that its default stands in.
        /// `nil` when the file is not a JSON object.
        public var spec: SceneSpec?
        /// Every problem kept, at most `Diagnostic.maximumCount`, in file order.
        public var diagnostics: [Diagnostic]
        /// Problems beyond `Diagnostic.maximumCount`: counted, not kept.
        public var dropped: Int
        /// Where the code and the key table disagree (`SpecReader.schemaMismatches`): for tests, never shown.
        var schemaMismatches: [String] = []
        /// The keys of the table the code asked (`SpecReader.askedKeys`): for tests.
        var askedKeys: Set<SceneSchema.KeyUse> = []
        /// Whether `spec` can be judged as a whole (its values checked, its files found): not when a value
        /// that holds others (an object or a list) is something else, since everything in it is then
        /// missing and a check that counts on it (taps against the items, say) would report what is not
        /// wrong; nor when the version is not one this tabanim reads.
        public var isResolvable: Bool

        /// Every problem kept, and one more line saying how many were not.
        public var allDiagnostics: [Diagnostic] {
            diagnostics + (dropped > 0 ? [Diagnostic.more(dropped, file: file)] : [])
        }

        /// The spec when it was read without a problem; otherwise every problem, as a decode error.
        public func checked() throws(SceneError) -> SceneSpec {
            guard let spec, diagnostics.isEmpty else { throw error }
            return spec
        }

        /// The reading's problems as one error.
        public var error: SceneError {
            SceneError(.decode, diagnostics.isEmpty
                ? [Diagnostic(file: file, keyPath: nil, message: "the scene must be a JSON object")] : allDiagnostics)
        }
    }

    /// Reads and parses the scene file at `url`, refusing it unread when it is not a regular file or is
    /// larger than `limits.sceneSize`. `file` is the name used in messages. Throws only when the file
    /// cannot be read or is not JSON; problems with its keys and values come with the reading.
    public static func read(_ url: URL, file: String, limits: Limits = .standard) throws(SceneError) -> Reading {
        switch FileReader.contents(of: url, limit: limits.sceneSize) {
        case .success(let data):
            return try read(data, file: file)
        case .failure(.tooLarge(let size, let limit)):
            throw SceneError(.read, file: file, keyPath: nil,
                             "\(FileReader.Failure.tooLarge(size, limit: limit).reason) (\(Limits.raise("scene-size", to: Double(size))))")
        case .failure(let failure):
            throw SceneError(.read, file: file, keyPath: nil, failure.reason)
        }
    }

    /// Reads a scene file's bytes as far as their problems allow. `file` is the name used in messages.
    /// Throws only when they are not JSON.
    public static func read(_ data: Data, file: String) throws(SceneError) -> Reading {
        var parser = JSONParser(data: data)
        let root: JSONNode
        do {
            root = try parser.parse()
        } catch {
            throw SceneError(.read, [Diagnostic(file: file, keyPath: nil, message: "invalid JSON: \(error.message)",
                                                line: error.line, column: error.column)])
        }
        let reader = SpecReader(file: file)
        let spec = reader.object(root, at: .root) { SceneSpec(reading: $0) }
        return Reading(file: file, spec: spec, diagnostics: reader.diagnostics, dropped: reader.dropped,
                       schemaMismatches: reader.schemaMismatches, askedKeys: reader.askedKeys,
                       isResolvable: spec != nil && reader.isResolvable)
    }

    /// Parses a scene file's bytes, refusing them at the first stage with a problem. `file` is the name
    /// used in messages.
    public static func parse(_ data: Data, file: String) throws(SceneError) -> SceneSpec {
        try read(data, file: file).checked()
    }

    init(reading o: ObjectReader) {
        self.init()
        version = o("version")
        if let v = version, v != 1, let node = o.node("version") {
            o.reader.report(o.path.appending("version"), "unsupported version \(v); this tabanim reads version 1", at: node,
                            stopsResolving: true)
        }
        if let node = o.node("device"), node.value != .null {
            let path = o.path.appending("device")
            if case .string(let preset) = node.value {
                device = DeviceSpec(preset: preset)
            } else if case .object = node.value {
                device = o.reader.object(node, at: path) { d in
                    var spec = DeviceSpec(preset: d("preset"))
                    spec.width = d("width"); spec.height = d("height"); spec.scale = d("scale")
                    spec.safeAreaTop = d("safeAreaTop"); spec.safeAreaBottom = d("safeAreaBottom")
                    spec.cornerRadius = d("cornerRadius")
                    return spec
                }
            } else {
                o.reader.report(path, "expected a preset's name (\"iphone-15\", see tabanim presets) or an object, found \(node.value.typeName)", at: node)
            }
        }
        export = o("export")
        tabBar = o("tabBar")
        switch o.node("centerButton") {
        case nil: centerButton = .absent
        case let node? where node.value == .null || node.value == .bool(false): centerButton = .null
        case let node?: centerButton = o.reader.read(CenterButtonSpec.self, node, at: o.path.appending("centerButton")).map { .value($0) } ?? .absent
        }
        contents = o("contents")
        transition = o("transition")
        script = o("script")
        if let node = o.node("statusBar"), node.value != .null {
            let path = o.path.appending("statusBar")
            if case .bool(let shown) = node.value {
                statusBar = StatusBarSpec(shown: shown)
            } else if case .object = node.value {
                statusBar = o.reader.object(node, at: path) { s in
                    var spec = StatusBarSpec()
                    spec.signal = s("signal"); spec.battery = s("battery"); spec.dynamicIsland = s("dynamicIsland")
                    spec.carrier = s("carrier")
                    return spec
                }
            } else {
                o.reader.report(path, "expected true, false or an object ({\"signal\": 3, \"battery\": 80}), found \(node.value.typeName)", at: node)
            }
        }
        homeIndicator = o("homeIndicator")
        fonts = o("fonts")
        strings = o("strings")
        locale = o.name("locale")
        interfaceStyle = o("interfaceStyle")
        layoutDirection = o("layoutDirection")
        orientation = o("orientation")
        os = o("os")
    }
}

extension Color: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> Color? {
        guard let text = String.read(node, at: path, reader) else { return nil }
        guard let color = Color(parsing: text) else {
            var message = "invalid color \"\(Excerpt.of(text))\"; write \"#RRGGBB\", \"#RRGGBBAA\", \"rgb(27, 118, 208)\" or a UIKit name such as \"systemBlue\""
            let word = text.trimmingCharacters(in: .whitespaces)
            // "blue" means systemBlue; otherwise the nearest spelling.
            let system = "system" + word.prefix(1).uppercased() + word.dropFirst().lowercased()
            if word.allSatisfy({ $0.isLetter || $0.isNumber }),
               let suggestion = UIKitColor.named(system) != nil ? system : Suggestion.closest(to: word, in: UIKitColor.names) {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            reader.report(path, message, at: node)
            return nil
        }
        return color
    }
}

extension StyledColor: SpecReadable {
    /// A colour string, a UIKit name (`"systemBlue"`: its light and dark values, `UIKitColor`), or
    /// `{"light": …, "dark": …}` whose members may be names too (a name there gives its value in that style).
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> StyledColor? {
        guard case .object = node.value else {
            if case .string(let text) = node.value, let named = UIKitColor.named(text.trimmingCharacters(in: .whitespaces)) {
                return named
            }
            return Color.read(node, at: path, reader).map(StyledColor.init)
        }
        return reader.object(node, at: path) { o -> StyledColor? in
            let light: StyledColor? = o("light"), dark: StyledColor? = o("dark")
            for (key, value) in [("light", light), ("dark", dark)] where value == nil && o.node(key) == nil {
                reader.report(path.appending(key), "a colour per style gives both \"light\" and \"dark\"", at: node)
            }
            guard let light, let dark else { return nil }
            return StyledColor(light: light.light, dark: dark.dark)
        } ?? nil
    }
}

extension ExportSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> ExportSpec? {
        reader.object(node, at: path) { o in
            var spec = ExportSpec()
            spec.scale = o("scale"); spec.fps = o("fps"); spec.duration = o("duration")
            spec.region = o("region"); spec.margin = o("margin"); spec.screenCorners = o("screenCorners")
            return spec
        }
    }
}

extension TabBarSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> TabBarSpec? {
        reader.object(node, at: path) { o in
            var spec = TabBarSpec()
            spec.tintColor = o("tintColor"); spec.unselectedItemTintColor = o("unselectedItemTintColor")
            spec.backgroundColor = o("backgroundColor"); spec.translucent = o("translucent")
            spec.appearance = o("appearance"); spec.selectedIndex = o("selectedIndex"); spec.items = o("items")
            spec.lottieFolder = o("lottieFolder"); spec.badgeAnimation = o("badgeAnimation")
            spec.style = o("style")
            spec.titleFont = o("titleFont"); spec.badgeFont = o("badgeFont")
            spec.assets = o("assets"); spec.symbols = o("symbols")
            spec.minimizeBehavior = o("minimizeBehavior"); spec.accessory = o("accessory")
            spec.verticalBehavior = o("verticalBehavior"); spec.sidebar = o("sidebar")
            return spec
        }
    }
}

extension ItemSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> ItemSpec? {
        reader.object(node, at: path) { o in
            var spec = ItemSpec()
            if let node = o.node("title"), case .object = node.value {
                spec.titleKey = o.reader.object(node, at: o.path.appending("title")) { key -> String? in
                    let value: String? = key.name("key")
                    // A string refused (longer than a name may be) is reported already.
                    let refused = { if case .string? = key.node("key")?.value { true } else { false } }()
                    if value == nil, !refused { o.reader.report(o.path.appending("title").appending("key"), "missing: the key of the title in \"strings\"", at: node) }
                    spec.titleCount = key("count")
                    return value
                } ?? nil
            } else {
                spec.title = o("title")
            }
            if let node = o.node("icon"), case .object = node.value {
                // `{"systemImage": "house", "selectedSystemImage": "house.fill"}`: SF Symbols by name.
                _ = o.reader.object(node, at: o.path.appending("icon")) { symbol -> Bool in
                    spec.systemImage = symbol.name("systemImage")
                    spec.selectedSystemImage = symbol.name("selectedSystemImage")
                    if spec.systemImage == nil, symbol.node("systemImage") == nil {
                        o.reader.report(o.path.appending("icon").appending("systemImage"), "missing: an SF Symbol's name (\"house\"), or give \"icon\" a file's path", at: node)
                    }
                    return true
                }
            } else {
                spec.icon = o("icon")
            }
            spec.selectedIcon = o("selectedIcon")
            spec.rendering = o("rendering"); spec.iconSize = o("iconSize"); spec.animation = o("animation")
            spec.badge = o("badge")
            spec.role = o("role"); spec.activatesSearch = o("activatesSearch"); spec.searchPrompt = o("searchPrompt")
            spec.section = o("section")
            return spec
        }
    }
}

extension AnimationSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> AnimationSpec? {
        if case .string(let file) = node.value { return .lottie(path: file, rendering: nil) }
        return reader.object(node, at: path) { o -> AnimationSpec? in
            let file: String? = o("lottie")
            let effect: EffectKind? = o("effect")
            switch (file, effect) {
            case let (file?, nil):
                o.readsForm(requiring: "lottie")
                return .lottie(path: file, rendering: o("rendering"), theme: o("theme"))
            case let (nil, effect?):
                o.readsForm(requiring: "effect")
                return .effect(effect, duration: o("duration"), curve: o("curve"))
            case (_?, _?):
                o.reader.report(path, "give either \"lottie\" or \"effect\", not both", at: node)
            case (nil, nil):
                if o.node("lottie") == nil && o.node("effect") == nil {
                    o.reader.report(path, "missing: \"lottie\" (a Lottie file) or \"effect\" (bounce, rotate, flip)", at: node)
                }
            }
            return nil
        } ?? nil
    }
}

extension CenterButtonSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> CenterButtonSpec? {
        reader.object(node, at: path) { o in
            var spec = CenterButtonSpec()
            spec.image = o("image"); spec.size = o("size"); spec.offsetY = o("offsetY")
            spec.spinPeriod = o("spinPeriod"); spec.selects = o("selects")
            return spec
        }
    }
}

extension ContentSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> ContentSpec? {
        reader.object(node, at: path) { o in
            var spec = ContentSpec()
            spec.color = o("color"); spec.title = o("title"); spec.rows = o("rows"); spec.screenshot = o("screenshot")
            spec.largeTitle = o("largeTitle")
            return spec
        }
    }
}

extension TransitionSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> TransitionSpec? {
        if case .string = node.value {
            return TransitionStyle.read(node, at: path, reader).map { TransitionSpec(style: $0) }
        }
        return reader.object(node, at: path) { o in
            var spec = TransitionSpec(style: o("style"))
            spec.duration = o("duration"); spec.curve = o("curve")
            return spec
        }
    }
}

extension CurveSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> CurveSpec? {
        if case .array = node.value {
            guard let points = [Double].read(node, at: path, reader) else { return nil }
            // x: CSS and Core Animation require 0…1 (time runs forwards). y: both allow any value; an
            // overshoot past ±10 times the distance travelled is never meant (design tools' "back" curves
            // reach about 1.6), and the bound keeps every value the curve yields, and every number in the
            // SVG, short and finite.
            guard points.count == 4, (0...1).contains(points[0]), (0...1).contains(points[2]),
                  (-10...10).contains(points[1]), (-10...10).contains(points[3]) else {
                reader.report(path, "a cubic Bézier is [x1, y1, x2, y2] with x1 and x2 between 0 and 1, y1 and y2 between -10 and 10", at: node)
                return nil
            }
            return .bezier(points)
        }
        return CurveName.read(node, at: path, reader).map { .named($0) }
    }
}

extension TapSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> TapSpec? {
        reader.object(node, at: path) { o in
            TapSpec(at: o("at"), tap: o("tap"), badge: o("badge"), scroll: o("scroll"), sidebar: o("sidebar"), posture: o("posture"), press: o("press"))
        }
    }
}

extension ScrollSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> ScrollSpec? {
        reader.object(node, at: path) { o in
            var spec = ScrollSpec()
            spec.by = o("by"); spec.duration = o("duration"); spec.curve = o("curve"); spec.fling = o("fling")
            return spec
        }
    }
}

extension AccessorySpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> AccessorySpec? {
        reader.object(node, at: path) { o in
            var spec = AccessorySpec()
            spec.image = o("image"); spec.title = o("title"); spec.subtitle = o("subtitle")
            return spec
        }
    }
}

extension BadgeEventSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> BadgeEventSpec? {
        reader.object(node, at: path) { o in
            let value: Presence<String>
            switch o.node("value") {
            case nil: value = .absent
            case let node? where node.value == .null: value = .null
            case let node?: value = String.read(node, at: path.appending("value"), reader).map { .value($0) } ?? .absent
            }
            return BadgeEventSpec(item: o("item"), value: value)
        }
    }
}

extension TapTargetSpec: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> TapTargetSpec? {
        switch node.value {
        case .number:
            return Int.read(node, at: path, reader).map { .item($0) }
        case .string(let word):
            if word == "center" { return .centerButton }
            reader.report(path, "unknown tap target \"\(word)\"; expected an item index, \"center\" or {\"x\": …, \"y\": …}", at: node)
            return nil
        case .object:
            return reader.object(node, at: path) { o -> TapTargetSpec? in
                let x: Double? = o("x"), y: Double? = o("y")
                guard let x, let y else {
                    if o.node("x") == nil { o.reader.report(path.appending("x"), "missing; a tap point needs x and y", at: node) }
                    if o.node("y") == nil { o.reader.report(path.appending("y"), "missing; a tap point needs x and y", at: node) }
                    return nil
                }
                return .point(Point(x: x, y: y))
            } ?? nil
        default:
            reader.report(path, "expected an item index, \"center\" or {\"x\": …, \"y\": …}, found \(node.value.typeName)", at: node)
            return nil
        }
    }
}
