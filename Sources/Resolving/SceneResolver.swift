import AppleFormats
import Basics
import Foundation
import Graph
import Spec

/// Applies every default, finds every asset and checks every value of a `SceneSpec`, collecting all
/// problems. Defaults reproduce the seeds: seed 000's five items, tint and spinning button, seed 001's
/// 1-second slide.
public struct SceneResolver {
    /// The scene file as the user named it (for messages).
    public var file: String
    /// Asset paths are relative to this folder (the scene file's).
    public var baseDirectory: URL
    /// What the scene may ask for; set by whoever runs tabanim, never by the scene.
    public var limits: Limits
    /// Whether assets may lie outside `baseDirectory` (`--allow-outside`): by default a scene from anyone
    /// cannot make tabanim read, and embed in its output, a file elsewhere on the machine.
    public var allowsOutsideFolder: Bool
    /// The flags that gave values in place of the scene file's, as the user would write them, by the key
    /// each replaces (`export.fps`: `--fps 60`): a problem with such a value names the flag, not a key the
    /// file may not even have.
    public var flags: [KeyPath: String] = [:]
    /// The option that ends the output early without shortening the loop (export's `--to`), offered when
    /// a loop length given by a flag ends before the script does; nil where the command has none.
    public var cutOption: String?

    public init(file: String, baseDirectory: URL, limits: Limits = .standard, allowsOutsideFolder: Bool = false) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.limits = limits
        self.allowsOutsideFolder = allowsOutsideFolder
    }

    /// Reads and resolves the scene file at `url`; `adjust` may change the spec first (command-line overrides).
    public static func load(_ url: URL, displayName: String? = nil, limits: Limits = .standard, allowsOutsideFolder: Bool = false,
                            adjust: (inout SceneSpec) -> Void = { _ in }) throws(SceneError) -> ResolvedScene {
        let name = displayName ?? url.path
        let resolver = SceneResolver(file: name, baseDirectory: url.deletingLastPathComponent(), limits: limits,
                                     allowsOutsideFolder: allowsOutsideFolder)
        return try resolver.resolve(try SceneSpec.read(url, file: name, limits: limits), adjust: adjust)
    }

    // MARK: - Defaults

    /// Seed 000's five items; the center one is a placeholder with a title only.
    public static let seedTitles = ["首页", "扩展", "旋转", "发现", "我"]
    /// SPEC.md: icon box about 24 pt.
    public static let defaultIconSize = 24.0
    /// A raised button of 56 pt reads like the seed's (its image size is not given there).
    public static let defaultButtonSize = 56.0
    /// Seed 000: `rotationAnimation.duration = 3.0`.
    public static let defaultSpinPeriod = 3.0
    /// Seed 001: `transitionDuration` returns 1.0.
    public static let defaultTransitionDuration = 1.0

    // MARK: - Ranges (absurd values are mistakes; `Limits` holds the bounds a user may raise)

    public static let maxItems = 5  // UIKit shows at most 5 items on iPhone; more become a "More" tab.
    public static let scaleRange = 0.25...4.0
    public static let fpsRange = 1.0...60.0
    public static let minimumDuration = 0.1
    public static let deviceSideRange = 100.0...2000.0

    // MARK: - Resolving

    public func resolve(_ spec: SceneSpec) throws(SceneError) -> ResolvedScene {
        try resolve(spec, Problems(file: file, flags: flags))
    }

    /// Resolves what `reading` could read, so that its problems and those of resolving are reported
    /// together, each once; `adjust` may change the spec first (command-line overrides). A reading that
    /// cannot be judged as a whole (`isResolvable`) is refused with its own problems only.
    public func resolve(_ reading: SceneSpec.Reading, adjust: (inout SceneSpec) -> Void = { _ in }) throws(SceneError) -> ResolvedScene {
        guard var spec = reading.spec, reading.isResolvable else { throw reading.error }
        adjust(&spec)
        return try resolve(spec, Problems(file: file, flags: flags, after: reading))
    }

    private func resolve(_ spec: SceneSpec, _ problems: Problems) throws(SceneError) -> ResolvedScene {
        var problems = problems
        let style = spec.interfaceStyle ?? .light
        var device = resolveDevice(spec.device, orientation: spec.orientation ?? .portrait, &problems)
        // The iPhone Duo ships with iOS 27.1 (UIKIT-2026.md, "iPhone Duo"): its release when the scene names none.
        let os = spec.os ?? (device.foldDisplay != nil ? Release.first(with: .verticalBars, on: .phone) : nil)
        var localizer = resolveStrings(spec.strings, locale: spec.locale, &problems)
        let icons = iconContext(spec, style: style, idiom: device.idiom, &problems)
        var tabBar = resolveTabBar(spec.tabBar, style: style, idiom: device.idiom, os: os, icons: icons, localizer: &localizer, &problems)
        let sidebar = resolveSidebar(spec, tabBar: &tabBar, device: device, os: os, &problems)
        let verticalBars = VerticalBars.decide(device: device, os: os, style: tabBar.style, behavior: spec.tabBar?.verticalBehavior)
        if verticalBars?.isRail == false { device = device.stripAtTop() }
        let postures = resolvePostures(spec, start: device, os: os, style: tabBar.style, &problems)
        let presses = resolvePresses(spec, device: device, &problems)
        railWarnings(tabBar, rails: verticalBars?.isRail == true || postures.contains { $0.verticalBars?.isRail == true }, &problems)
        let itemCount = tabBar.items.count
        let centerButton = resolveCenterButton(spec.centerButton, itemCount: itemCount, style: style, tint: tabBar.tintColor,
                                               icons: icons, &problems)
        let contents = resolveContents(spec.contents, items: tabBar.items, style: style, &problems)
        let fontFiles = resolveFonts(spec.fonts, &problems)
        let transition = resolveTransition(spec.transition, &problems)
        let statusBar = resolveStatusBar(spec.statusBar, device: device, locale: localizer.locale, &problems)
        let (script, badgeChanges, scrolls) = resolveScript(spec.script, itemCount: itemCount, hasButton: centerButton != nil, &problems)
        let (export, loopIsSound) = resolveExport(spec.export, lastEvent: (script.map { (time: $0.time, keyPath: $0.keyPath) }
            + badgeChanges.map { (time: $0.time, keyPath: $0.keyPath) }
            + scrolls.map { (time: $0.time + $0.duration, keyPath: $0.keyPath) }
            + (sidebar?.changes ?? []).map { (time: $0.time, keyPath: $0.keyPath) }
            + postures.map { (time: $0.time, keyPath: $0.keyPath) }
            + presses.map { (time: $0.time + $0.duration, keyPath: $0.keyPath) }).max { $0.time < $1.time }, &problems)
        if loopIsSound {
            checkScriptEnds(before: export.duration, script.map { ($0.time, $0.keyPath, ScriptEntryKind.tap) }
                + badgeChanges.map { ($0.time, $0.keyPath, .badge) } + scrolls.map { ($0.time, $0.keyPath, .scroll) }
                + (sidebar?.changes ?? []).map { ($0.time, $0.keyPath, .sidebar) } + postures.map { ($0.time, $0.keyPath, .posture) }
                + presses.map { ($0.time, $0.keyPath, .press) }, &problems)
        }
        if !problems.diagnostics.isEmpty { throw SceneError(problems.stage, problems.allDiagnostics) }
        var resolved = ResolvedScene(file: file, device: device, export: export, tabBar: tabBar, centerButton: centerButton,
                             contents: contents, transition: transition, script: script,
                             showsStatusBar: spec.statusBar?.shown ?? true, interfaceStyle: style,
                             layoutDirection: spec.layoutDirection ?? (Self.isRightToLeft(localizer.locale) ? .rightToLeft : .leftToRight),
                             limits: limits)
        resolved.badgeChanges = badgeChanges
        resolved.scrolls = scrolls
        resolved.os = os
        resolved.verticalBars = verticalBars
        resolved.sidebar = sidebar
        resolved.postures = postures
        resolved.railPresses = presses
        resolved.showsHomeIndicator = spec.homeIndicator ?? true
        resolved.fontFiles = fontFiles
        resolved.inputs = problems.inputs
        resolved.statusBar = statusBar
        resolved.locale = localizer.locale
        resolved.catalogLocales = localizer.catalog?.locales ?? []
        resolved.warnings += localizer.warnings + (sidebar == nil ? topBarIconWarnings(spec.tabBar, style: tabBar.style, device: device) : []) + problems.warnings
        resolved.flags = flags
        return resolved
    }


    private func resolveTabBar(_ spec: TabBarSpec?, style: InterfaceStyle, idiom: Device.Idiom, os: OSVersion?, icons: IconContext, localizer: inout Localizer,
                               _ problems: inout Problems) -> TabBar {
        let colors = SystemColors.of(style)
        let path = KeyPath.root.appending("tabBar")
        let translucent = spec?.translucent ?? false
        let (barStyle, styleChoice) = barStyle(spec?.style, os: os, idiom: idiom, &problems)
        var items: [TabBarItem] = []
        let itemSpecs = spec?.items ?? Self.seedTitles.map { var item = ItemSpec(); item.title = $0; return item }
        if itemSpecs.isEmpty || itemSpecs.count > Self.maxItems {
            problems.add(path.appending("items"), "a tab bar has 1 to \(Self.maxItems) items, found \(itemSpecs.count) (UIKit moves the rest to a \"More\" tab)")
        }
        let lottieFolder = spec?.lottieFolder.flatMap { folder($0, at: path.appending("lottieFolder"), &problems) }
        let symbolsFolder = spec?.symbols.flatMap { folder($0, at: path.appending("symbols"), &problems) }
        for (index, item) in itemSpecs.prefix(Self.maxItems).enumerated() {
            let itemPath = path.appending("items").appending(index)
            let givenSize = problems.check(item.iconSize, itemPath.appending("iconSize"), in: 4...64, unit: "pt")
            var itemIcons = icons
            itemIcons.symbols = SymbolConfiguration.of(barStyle, pointSize: givenSize)
            let found: CatalogIcon?, foundSelected: CatalogIcon?
            if let name = item.systemImage {
                // SF Symbols are template images (`UIImage(systemName:)`).
                let symbolPath = itemPath.appending("icon")
                found = systemSymbol(name, at: symbolPath.appending("systemImage"), symbols: symbolsFolder, itemIcons, &problems)
                    .map { CatalogIcon(asset: $0, intent: .template) }
                if item.selectedIcon != nil && item.selectedSystemImage != nil {
                    problems.add(itemPath.appending("selectedIcon"), "give the selected image once: \"selectedIcon\" or \"icon.selectedSystemImage\"")
                }
                if let file = item.selectedIcon {
                    foundSelected = self.icon(file, at: itemPath.appending("selectedIcon"), itemIcons, &problems)
                } else {
                    let selectedName = item.selectedSystemImage ?? defaultSelectedSymbol(for: name, symbols: symbolsFolder)
                    foundSelected = selectedName == name ? found
                        : systemSymbol(selectedName, at: symbolPath.appending(item.selectedSystemImage != nil ? "selectedSystemImage" : "systemImage"),
                                       symbols: symbolsFolder, itemIcons, &problems).map { CatalogIcon(asset: $0, intent: .template) }
                }
            } else {
                found = item.icon.flatMap { self.icon($0, at: itemPath.appending("icon"), itemIcons, &problems) }
                foundSelected = item.selectedIcon.flatMap { self.icon($0, at: itemPath.appending("selectedIcon"), itemIcons, &problems) }
            }
            let image = found?.asset
            let selected = foundSelected?.asset
            let size = givenSize ?? Self.defaultIconSize
            // The scene's own `rendering` first, then the icon's set (`template-rendering-intent`).
            let rendering = item.rendering ?? found?.intent ?? foundSelected?.intent ?? .template
            var animation: IconAnimation?
            switch item.animation {
            case let .lottie(file, lottieRendering, theme)?:
                animation = lottie(file, at: itemPath.appending("animation"), rendering: lottieRendering ?? rendering, theme: theme, &problems)
            case let .effect(kind, duration, curve)?:
                animation = .effect(effect(kind, duration: duration, curve: curve, at: itemPath.appending("animation"), &problems))
            case nil:
                // Seed 002: `[LOTAnimationView animationNamed:@"tabbar%ld", index + 1]`; items without a file get none.
                if let folder = lottieFolder {
                    let name = "tabbar\(index + 1).json"
                    if FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path) {
                        animation = lottie(folder.path + "/" + name, at: path.appending("lottieFolder"), rendering: rendering, &problems)
                    }
                }
            }
            let title = self.title(localizer.title(text: item.title, key: item.titleKey, count: item.titleCount, at: itemPath.appending("title"), &problems))
            var resolvedItem = TabBarItem(title: title, icon: image, selectedIcon: selected ?? image,
                                          rendering: rendering, iconSize: size, animation: animation,
                                          badge: item.badge.map { self.badge($0, at: itemPath.appending("badge"), &problems) })
            resolvedItem.role = item.role
            resolvedItem.activatesSearch = item.activatesSearch ?? false
            resolvedItem.searchPrompt = searchPrompt(item, title: title, at: itemPath, localizer: &localizer, &problems)
            items.append(resolvedItem)
        }
        if let standIns = Self.standInWarning(items, file: file) { problems.warnings.append(standIns) }
        var selectedIndex = spec?.selectedIndex ?? 0
        if !items.indices.contains(selectedIndex) {
            problems.add(path.appending("selectedIndex"), "no item \(selectedIndex); items are 0 to \(max(items.count - 1, 0))")
            selectedIndex = 0
        }
        let glass = barStyle == .glass ? GlassMaterial.of(style, idiom: idiom) : nil
        if glass != nil {
            // The glass bar has no background of its own: it shows the content behind it (UIKIT-2026.md).
            let classicOnly: [(String, Bool)] = [("backgroundColor", spec?.backgroundColor != nil), ("translucent", spec?.translucent != nil),
                                                 ("appearance", spec?.appearance != nil)]
            for (key, given) in classicOnly where given {
                let chosen = if case .byOS(let os) = styleChoice { "the default for \"os\": \"\(os.major)\"" } else { "tabBar.style \"glass\"" }
                problems.add(path.appending(key), "the glass bar (\(chosen)) takes its colour from the content behind it; remove \"\(key)\" or use style \"classic\"")
            }
        }
        // iOS 26's glass bar draws its own unselected colour whatever `unselectedItemTintColor` says: "The OS is
        // now overriding the tab bar colors forcefully", so react-native-bottom-tabs disabled its inactive tint
        // on iOS 26 and later (callstack/react-native-bottom-tabs #527, fixing #439; Expensify/App #101339: "The
        // inactive icon color from UITabBarItemAppearance never reaches the bar"). tabanim draws what iOS draws.
        var unselected = spec?.unselectedItemTintColor?.resolved(for: style)
        if let glass, unselected != nil {
            problems.warn(path.appending("unselectedItemTintColor"), "the glass bar ignores it and draws its own unselected colour "
                + "(\(glass.unselectedItem.hex)), as iOS 26 does; tabanim draws that too (remove the key, or use style \"classic\")")
            unselected = nil
        }
        var bar = TabBar(tintColor: spec?.tintColor?.resolved(for: style) ?? colors.defaultTint,
                      unselectedItemTintColor: unselected ?? glass?.unselectedItem ?? colors.unselectedItem,
                      backgroundColor: spec?.backgroundColor?.resolved(for: style) ?? (translucent ? colors.translucentBar : colors.opaqueBar),
                      translucent: translucent, appearance: spec?.appearance ?? .standard,
                      initialSelectedIndex: selectedIndex, items: items)
        bar.badgeAnimation = spec?.badgeAnimation ?? .none
        bar.style = barStyle
        bar.styleChoice = styleChoice
        bar.glass = glass
        bar.titleFamily = family(spec?.titleFont, at: path.appending("titleFont"), &problems)
        bar.badgeFamily = family(spec?.badgeFont, at: path.appending("badgeFont"), &problems)
        resolvePhoneGlassParts(spec, into: &bar, idiom: idiom, os: os, &problems)
        return bar
    }

    private func resolveCenterButton(_ spec: Presence<CenterButtonSpec>, itemCount: Int, style: InterfaceStyle, tint: Color,
                                     icons: IconContext, _ problems: inout Problems) -> CenterButton? {
        let path = KeyPath.root.appending("centerButton")
        let given: CenterButtonSpec
        switch spec {
        case .null: return nil
        case .absent:
            guard itemCount % 2 == 1 else { return nil }  // no center item to stand for
            given = CenterButtonSpec()
        case .value(let value): given = value
        }
        let image = given.image.flatMap { icon($0, at: path.appending("image"), icons, &problems)?.asset }
            ?? Asset(source: .builtIn(name: "add-\(tint.hex)", data: Data(BuiltInAssets.addButtonSVG(disc: tint).utf8)), format: .svg,
                     displayName: "(built-in add button)", keyPath: path.appending("image"))
        let side = problems.check(given.size, path.appending("size"), in: 8...200, unit: "pt") ?? Self.defaultButtonSize
        let period = problems.check(given.spinPeriod, path.appending("spinPeriod"), in: 0.05...600, unit: "s") ?? Self.defaultSpinPeriod
        var selects = given.selects ?? itemCount / 2
        if given.selects == nil, itemCount % 2 == 0 {
            problems.add(path.appending("selects"), "needed: with \(itemCount) items there is no center item to select")
        } else if !(0..<itemCount).contains(selects) {
            problems.add(path.appending("selects"), "no item \(selects); items are 0 to \(max(itemCount - 1, 0))")
            selects = 0
        }
        return CenterButton(image: image, size: Size(width: side, height: side),
                            offsetY: problems.check(given.offsetY, path.appending("offsetY"), in: -200...200, unit: "pt") ?? 0,
                            spinPeriod: period, selects: selects)
    }

    private func resolveContents(_ specs: [ContentSpec]?, items: [TabBarItem], style: InterfaceStyle, _ problems: inout Problems) -> [TabContent] {
        let specs = specs ?? []
        for index in specs.indices where index >= items.count {
            problems.add(KeyPath.root.appending("contents").appending(index), "no item \(index) for this content; the bar has \(items.count) items")
        }
        return items.indices.map { index -> TabContent in
            let spec = index < specs.count ? specs[index] : ContentSpec()
            let path = KeyPath.root.appending("contents").appending(index)
            let rows = problems.check(spec.rows.map(Double.init), path.appending("rows"), in: 0...50, unit: "")
            let screenshot = spec.screenshot.flatMap { resolveScreenshot($0, at: path.appending("screenshot"), &problems) }
            let title = spec.title.map(self.title) ?? items[index].title
            var content = TabContent(color: spec.color?.resolved(for: style) ?? SystemColors.of(style).background, title: title,
                                     rows: rows.map { Int($0) } ?? 0, screenshot: screenshot)
            content.largeTitle = spec.largeTitle ?? false
            if content.largeTitle, screenshot != nil {
                problems.add(path.appending("largeTitle"), "a screenshot shows its own title; remove \"largeTitle\" or \"screenshot\"")
            }
            return content
        }
    }

    /// A screenshot must be a PNG; its size comes from its header, so layout needs no decoder.
    private func resolveScreenshot(_ path: String, at keyPath: KeyPath, _ problems: inout Problems) -> Screenshot? {
        guard let asset = asset(path, at: keyPath, allowed: [.png], &problems), case .file(let url) = asset.source else { return nil }
        guard let size = PNGHeader.pixelSize(of: url) else {
            problems.add(keyPath, "not a readable PNG file: \(path)")
            return nil
        }
        return Screenshot(asset: asset, pixelSize: size)
    }

    private func resolveTransition(_ spec: TransitionSpec?, _ problems: inout Problems) -> Transition? {
        let path = KeyPath.root.appending("transition")
        if spec?.style == TransitionStyle.none { return nil }
        let duration = problems.check(spec?.duration, path.appending("duration"), in: 0.01...30, unit: "s") ?? Self.defaultTransitionDuration
        return Transition(duration: duration, easing: spec?.curve.map(Self.easing) ?? .easeInEaseOut)
    }

    /// The export settings, and whether the loop's length is sound (so that taps may be checked against it).
    private func resolveExport(_ spec: ExportSpec?, lastEvent lastTap: (time: TimeInterval, keyPath: KeyPath)?,
                               _ problems: inout Problems) -> (ExportSettings, loopIsSound: Bool) {
        let path = KeyPath.root.appending("export")
        let scale = problems.check(spec?.scale, path.appending("scale"), in: Self.scaleRange, unit: "") ?? 2
        let fps = problems.check(spec?.fps, path.appending("fps"), in: Self.fpsRange, unit: "fps") ?? 30
        let before = problems.count
        // Default loop: the script plus 2 s to watch its end, at least 3 s, in whole seconds.
        var wanted = max(3, ((lastTap?.time ?? 0) + 2).rounded(.up))
        if let duration = spec?.duration {
            if duration > limits.duration {
                problems.add(path.appending("duration"), "\(duration.shortText) s is more than the limit of \(limits.duration.shortText) s (\(Limits.raise("duration", to: duration)))")
                wanted = limits.duration
            } else {
                wanted = problems.check(duration, path.appending("duration"), in: Self.minimumDuration...limits.duration, unit: "s") ?? wanted
            }
        } else if wanted > limits.duration, let lastTap {
            let raise = wanted < 1e15 ? ", or \(Limits.raise("duration", to: wanted))" : ""
            problems.add(lastTap.keyPath.appending("at"), "a tap at \(lastTap.time.shortText) s needs a loop of \(wanted.shortText) s (the last tap + 2 s), more than the limit of \(limits.duration.shortText) s (set export.duration\(raise))")
            wanted = limits.duration
        }
        // In floating point until checked: the count must not overflow whatever the limits. A loop already
        // refused is not refused again for its frames.
        let exactFrames = max(1, (wanted * fps).rounded())
        // Blamed on the duration, unless only the frame rate came from a flag.
        let framesKey = flags[path.appending("duration")] == nil && flags[path.appending("fps")] != nil ? "fps" : "duration"
        if exactFrames > Double(limits.frames), problems.count == before {
            problems.add(path.appending(framesKey), "\(exactFrames.shortText) frames (duration × fps) is more than the limit of \(limits.frames) (\(Limits.raise("frames", to: exactFrames)))")
        }
        let frames = Int(min(exactFrames, Double(limits.frames)))
        let loopIsSound = problems.count == before
        let margin = problems.check(spec?.margin, path.appending("margin"), in: 0...200, unit: "pt") ?? 12
        var settings = ExportSettings(scale: scale, fps: fps, duration: Double(frames) / fps, frameCount: frames,
                                      region: spec?.region ?? .screen, margin: margin)
        settings.screenCorners = spec?.screenCorners ?? false
        return (settings, loopIsSound)
    }

    private func lottie(_ path: String, at keyPath: KeyPath, rendering: IconRendering, theme: String? = nil, _ problems: inout Problems) -> IconAnimation? {
        let header: Result<LottieHeader, LottieHeader.Failure>
        let asset: Asset
        if theme != nil, !Self.isDotLottie(path) {
            problems.add(keyPath.appending("theme"), "a theme is a dotLottie archive's (.lottie); \(path) is a Lottie file")
            return nil
        }
        if let archive = dotLottie(path, theme: theme, at: keyPath, &problems) {
            (asset, header) = archive
        } else {
            guard !Self.isDotLottie(path), let found = self.asset(path, at: keyPath, allowed: [.lottie], &problems), case .file(let url) = found.source else { return nil }
            (asset, header) = (found, LottieHeader.read(url, limits: limits))
        }
        switch header {
        case .failure(let failure):
            problems.add(keyPath, "\(path): \(failure.message)")
            return nil
        case .success(let header):
            return .lottie(LottieClip(asset: asset, canvas: header.canvas, frameRate: header.frameRate,
                                      inPoint: header.inPoint, outPoint: header.outPoint, isTemplate: rendering == .template))
        }
    }

    /// How much of a title is kept, in characters: more than any label shows (a 10 pt title in a 430 pt
    /// item fits about 80), so that a huge title costs no more than a long one; the exporters then truncate
    /// it to its label's width with "…", as UIKit does.
    static let keptTitleLength = 400

    func title(_ text: String?) -> String {
        guard let text else { return "" }
        let kept = text.prefix(Self.keptTitleLength + 1)
        return kept.count > Self.keptTitleLength ? String(kept.prefix(Self.keptTitleLength)) + TextFitting.ellipsis : text
    }

    /// Built-in effects: bounce over 0.5 s (the length animated tab bar libraries use), rotate and flip over 0.6 s.
    private func effect(_ kind: EffectKind, duration: Double?, curve: CurveSpec?, at keyPath: KeyPath, _ problems: inout Problems) -> IconEffect {
        let seconds = problems.check(duration, keyPath.appending("duration"), in: 0.05...10, unit: "s") ?? (kind == .bounce ? 0.5 : 0.6)
        return IconEffect(kind: kind, duration: seconds, easing: curve.map(Self.easing) ?? .easeInEaseOut)
    }

    static func easing(_ curve: CurveSpec) -> Easing {
        switch curve {
        case .named(.easeInEaseOut): return .easeInEaseOut
        case .named(.linear): return .linear
        case .named(.easeIn): return .easeIn
        case .named(.easeOut): return .easeOut
        case .bezier(let p): return .cubicBezier(p[0], p[1], p[2], p[3])
        }
    }
}
