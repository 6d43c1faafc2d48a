import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import SceneTimeline
import Spec

extension SceneGraph {
    /// Builds the picture from the resolved scene, its layout and its timeline; once per run, by `Animation`.
    init(scene: ResolvedScene, layout: Layout, timeline: Timeline) {
        let root = Self.screen(scene: scene, layout: layout, timeline: timeline)
        // The matte behind the screen: the style's systemBackground (white in light mode, as before), and
        // outside the screen's rounded corners nothing (`Animation.withOpaqueCorners` for GIF and MP4).
        let device = scene.device, matte: Matte
        if scene.export.screenCorners, device.cornerRadius > 0 {
            matte = .roundedScreen(scene.colors.background, screen: layout.screen,
                                   radius: device.cornerRadius, outside: .clear)
        } else {
            matte = .full(scene.colors.background)
        }
        self.init(root: root, viewport: layout.exportRegion, duration: timeline.duration, matte: matte)
    }

    /// One screen's picture: the contents, the sidebar, the status bar, the bar, the button, the home indicator.
    static func screen(scene: ResolvedScene, layout: Layout, timeline: Timeline, name: String = "screen") -> Group {
        let builder = SceneGraphBuilder(scene: scene, layout: layout, timeline: timeline)
        let contents = builder.contents()
        var shownContents = contents
        if let beside = layout.besideSidebar(safeAreaTop: scene.device.safeAreaTop, rightToLeft: scene.isRightToLeft),
           let fade = builder.topBarFade, let shown = timeline.sidebar {
            // The content beside the sidebar while it shows, crossfading with the full-width one as it slides.
            let besideContents = SceneGraphBuilder(scene: scene, layout: beside, timeline: timeline).contents()
            shownContents = Group(name: "contents-layouts", children: [
                .group(Group(name: "contents-full", children: [.group(contents)], motion: [.opacity(fade)], composited: true)),
                .group(Group(name: "contents-beside-sidebar", children: [prefixed(.group(besideContents), "beside-")], motion: [.opacity(shown)],
                             composited: true)),
            ])
        }
        var bar = builder.tabBar(over: contents)
        if let fade = builder.topBarFade {
            // Faded whole, as a browser fades a `<g>`: the glass's rim and backdrop overlap.
            bar = Group(name: bar.name, children: bar.children, motion: [.opacity(fade)] + bar.motion, composited: true)
        }
        return Group(name: name, children: [.group(shownContents)] + (builder.sidebar().map { [.group($0)] } ?? []) + [
            .group(Group(name: "status-bar", children: builder.statusBar())),
            .group(bar),
        ] + (builder.centerButton().map { [.group($0)] } ?? [])
          + [.group(Group(name: "home-indicator", children: builder.homeIndicator()))])
    }

    /// The iPhone Duo folded, unfolded or turned by the script (`Posture`): one screen per posture, each laid
    /// out on its display, shown from its time on and crossfading with the one before over 0.35 s (chosen:
    /// Apple's animation between the displays was not measured; UIKIT-2026.md). The output is a canvas as large
    /// as the largest display shown, each screen at its top-left corner (its status bar and strip where the
    /// hardware puts them), black around a smaller one, as the hardware's bezel (chosen).
    init(postures screens: [(time: TimeInterval, scene: ResolvedScene, layout: Layout)], timeline: Timeline) {
        let width = screens.map(\.layout.screen.width).max() ?? 0, height = screens.map(\.layout.screen.height).max() ?? 0
        let changes = screens.dropFirst().map(\.time)
        let children = screens.enumerated().map { index, shown -> Node in
            let visible = Track.crossfading(initial: index == 0 ? 1 : 0,
                                            changes: changes.enumerated().map { (time: $0.element, target: $0.offset + 1 == index ? 1 : 0) },
                                            duration: Timeline.postureDuration, end: timeline.duration)
            var screen = Self.screen(scene: shown.scene, layout: shown.layout, timeline: timeline, name: "posture-\(index)")
            // Every group's name prefixed after the first screen's, so that the SVG's ids stay unique.
            if index > 0 { screen.children = screen.children.map { Self.prefixed($0, "posture-\(index)-") } }
            screen.children.insert(.shape(Shape(frame: shown.layout.screen, fill: shown.scene.colors.background)), at: 0)
            return .group(Group(name: screen.name, children: screen.children, clip: shown.layout.screen, motion: [.opacity(visible)], composited: true))
        }
        self.init(root: Group(name: "screen", children: children), viewport: Rect(x: 0, y: 0, width: width, height: height),
                  duration: timeline.duration, matte: .full(.black))
    }

    /// `node` with each group's name (its id in the SVG) prefixed.
    static func prefixed(_ node: Node, _ prefix: String) -> Node {
        guard case .group(var group) = node else { return node }
        group.name = prefix + group.name
        group.children = group.children.map { prefixed($0, prefix) }
        return .group(group)
    }
}

/// Turns the timeline's intervals into tracks and the layout's frames into nodes.
struct SceneGraphBuilder {
    /// The tab bar's group (an id in the SVG).
    static let tabBarName = "tab-bar"

    let scene: ResolvedScene
    let layout: Layout
    let timeline: Timeline

    // MARK: - Tab contents

    func contents() -> Group {
        let tabs = scene.contents.indices.map { index in
            Node.group(Group(name: "tab-\(index)", children: content(index),
                             motion: [.opacity(contentVisibility(index))] + (slideTrack(index).map { [.translation(x: $0)] } ?? [])))
        }
        return Group(name: "contents", children: tabs, clip: layout.content)
    }

    private func content(_ index: Int) -> [Node] {
        let tab = scene.contents[index]
        let frame = layout.content
        let nodes: [Node] = [.shape(Shape(frame: frame, fill: tab.color))]
        let scroll = timeline.scrollTrack(index)
        if let screenshot = tab.screenshot {
            // The real screen at the device's width from its top; the bar (opaque or not) is drawn over it.
            // A taller capture (a full page) scrolls whole, its own bars with it.
            let image = Node.image(Image(asset: screenshot.asset, frame: layout.screenshotFrame(pixelSize: screenshot.pixelSize), tint: nil))
            return nodes + (scroll.map { [.group(Group(name: "tab-\(index)-scroll", children: [image], motion: [.translation(x: .constant(0), y: $0)]))] } ?? [image])
        }
        let navigation = layout.navigation(scale: scene.device.scale, rightToLeft: scene.isRightToLeft)
        let title = Node.text(Text(string: tab.title, fontSize: Layout.navigationTitleFontSize, weight: .semibold,
                                   color: scene.colors.label, baseline: navigation.inlineTitle, alignment: .center,
                                   maximumWidth: navigation.titleWidth))
        var rows = self.rows(tab, scrolledTo: scroll.map { $0.keyframes.map { -$0.value }.max() ?? 0 } ?? 0)
        if tab.largeTitle {
            // The large title belongs to the scrolled content: it moves up with the rows, under the bar.
            rows.insert(.text(Text(string: tab.title, fontSize: Layout.largeTitleFontSize, weight: .bold, color: scene.colors.label,
                                   baseline: navigation.largeTitle, alignment: navigation.largeTitleAlignment,
                                   maximumWidth: navigation.titleWidth)), at: 0)
        }
        guard let scroll else { return nodes + (tab.largeTitle ? [] : [title]) + rows }
        // Scrolled, the rows move under the navigation bar, which stays; its background and hairline show
        // while anything is under it (iOS 15's `scrollEdgeAppearance`: none at the top, the standard
        // appearance once scrolled), drawn at once (UIKit fades them over the first points: chosen). With
        // a large title, the bar is clear until the title has scrolled under it; then the inline title shows.
        let collapsed = timeline.scrolledPast(tab.largeTitle ? Layout.largeTitleCollapse : 0, tab: index)
        return nodes + [
            .group(Group(name: "tab-\(index)-scroll", children: rows, motion: [.translation(x: Track(scroll.keyframes.map { Keyframe($0.time, 0, $0.easing) }), y: scroll)])),
            .group(Group(name: "tab-\(index)-navigation-bar", children: [
                .shape(Shape(frame: navigation.background, fill: scene.colors.translucentBar)),
                .shape(Shape(frame: navigation.hairline, fill: scene.colors.hairline)),
            ], motion: [.opacity(collapsed)])),
            tab.largeTitle ? .group(Group(name: "tab-\(index)-inline-title", children: [title], motion: [.opacity(collapsed)])) : title,
        ]
    }

    /// The placeholder rows below the navigation bar (`Layout.placeholderRows`), scrolled to at most `scrolled`.
    private func rows(_ tab: TabContent, scrolledTo scrolled: Double) -> [Node] {
        layout.placeholderRows(tab.rows, below: layout.rowsTop(of: tab), scrolledTo: scrolled, rightToLeft: scene.isRightToLeft).flatMap { row -> [Node] in
            [.shape(Shape(frame: row.bar, cornerRadius: row.bar.height / 2, fill: scene.colors.placeholderFill)),
             .shape(Shape(frame: row.line, fill: scene.colors.separator))]
        }
    }

    /// The home indicator, above everything (it belongs to the system, not to the app): `layout.homeIndicator`
    /// in `scene.homeIndicatorColor`.
    func homeIndicator() -> [Node] {
        guard let frame = layout.homeIndicator else { return [] }
        return [.shape(Shape(frame: frame, cornerRadius: frame.height / 2, fill: scene.homeIndicatorColor))]
    }

    /// The content is on screen while its tab is selected, and while it slides out.
    private func contentVisibility(_ index: Int) -> Track {
        var breakpoints = timeline.selection.map(\.time)
        for slide in timeline.transitions { breakpoints += [slide.start, slide.end] }
        return Track.steps(breakpoints) { t in
            timeline.selectedIndex(at: t) == index
                || timeline.transitions.contains { $0.from == index && $0.start <= t && t < $0.end }
        }
    }

    /// Seed 001's animator: both views move by −x on the ease curve; the new view starts at +x, where x is
    /// the screen width towards the new index's side (SPEC.md: higher index enters from the right).
    private func slideTrack(_ index: Int) -> Track? {
        let width = layout.screen.width
        var keys = [Keyframe(0, 0)]
        for slide in timeline.transitions {
            let shift = Double(slide.direction) * width
            if slide.to == index {
                keys += [Keyframe(slide.start, shift, slide.easing), Keyframe(slide.end, 0)]
            } else if slide.from == index {
                keys += [Keyframe(slide.start, 0, slide.easing), Keyframe(slide.end, -shift), Keyframe(slide.end, 0)]
            }
        }
        return keys.count > 1 ? Track(keys) : nil
    }

    // MARK: - Tab bar

    /// The bar over the tab contents (which the glass bar shows through it).
    func tabBar(over contents: Group) -> Group {
        let nodes = barNodes(over: contents)
        if let pressed = layout.pressedRail(), let press = timeline.railPressed {
            // The Duo's rail pressed: the wide rail with every label, crossfading with the rail at rest.
            let wide = SceneGraphBuilder(scene: scene, layout: pressed, timeline: timeline).barNodes(over: contents).map { SceneGraph.prefixed($0, "pressed-") }
            let rest = Track(press.keyframes.map { Keyframe($0.time, 1 - $0.value, $0.easing) })
            return Group(name: Self.tabBarName, children: [
                .group(Group(name: "tab-bar-rest", children: nodes, motion: [.opacity(rest)], composited: true)),
                .group(Group(name: "tab-bar-pressed", children: wide, motion: [.opacity(press)], composited: true)),
            ])
        }
        guard hasBarStates else { return Group(name: Self.tabBarName, children: nodes) }
        return Group(name: Self.tabBarName, children: barStates(full: nodes, contents: contents))
    }

    /// The bar's background and items.
    private func barNodes(over contents: Group) -> [Node] {
        var nodes: [Node] = []
        let bar = scene.tabBar
        if let glass = bar.glass, let capsule = layout.capsule {
            nodes += glassBackground(glass, capsule: capsule, contents: contents)
        } else if bar.appearance == .standard {
            nodes.append(.shape(Shape(frame: layout.bar, fill: bar.backgroundColor)))
            nodes.append(.shape(Shape(frame: layout.hairline, fill: scene.colors.hairline)))
        }
        for (index, item) in bar.items.enumerated() where index != layout.detached {
            nodes.append(.group(self.item(index, item)))
        }
        return nodes
    }

    /// The selected icon's and title's colour (`TabBar.selectedTint(in:)`).
    var selectedTint: Color { scene.tabBar.selectedTint(in: scene.interfaceStyle) }

    /// An item: its icon (normal and selected, with any effect), its title, and any Lottie animation.
    private func item(_ index: Int, _ item: TabBarItem) -> Group {
        let bar = scene.tabBar
        let frames = layout.items[index]
        let (selected, unselected) = selectionTracks(index)
        let selectedLook: [Motion] = [.opacity(selected)] + (capsuleSelected.map { [.opacity($0)] } ?? [])
        let plays = timeline.iconAnimations.filter { $0.item == index }
        func icon(_ asset: Asset?, _ color: Color) -> [Node] {
            guard layout.showsIcons else { return [] }  // the iPad's top bar: titles only
            return asset.map { [.image(Image(asset: $0, frame: frames.imageFrame(of: $0), tint: item.rendering == .template ? color : nil))] } ?? []
        }
        func title(_ color: Color, weight: FontWeight) -> [Node] {
            item.title.isEmpty || !layout.showsTitles ? [] : [.text(Text(string: item.title, fontSize: layout.titleFontSize, weight: weight, color: color,
                                                 baseline: frames.titleBaseline, alignment: .center,
                                                 maximumWidth: frames.titleMaximumWidth, family: bar.titleFamily,
                                                 language: scene.locale))]
        }
        var iconGroup = Group(name: "item-\(index)-icon", children: [
            .group(Group(name: "item-\(index)-icon-normal", children: icon(item.icon, bar.unselectedItemTintColor), motion: [.opacity(unselected)])),
            .group(Group(name: "item-\(index)-icon-selected", children: icon(item.selectedIcon, selectedTint), motion: selectedLook)),
        ])
        var children: [Node] = []
        switch layout.showsIcons ? item.animation : nil {
        case .lottie(let clip)?:
            // Seed 002: the icon view is hidden while the animation view plays in its frame.
            let playing = Track.steps(plays.flatMap { [$0.start, $0.end] }) { t in plays.contains { $0.start <= t && t < $0.end } }
            iconGroup.motion.insert(.opacity(Track(playing.keyframes.map { Keyframe($0.time, 1 - $0.value) })), at: 0)
            children = [.group(iconGroup), .group(Group(name: "item-\(index)-lottie", children: [
                .sequence(sequence(clip, in: frames.iconFrame, plays: plays)),
            ], motion: [.opacity(playing)]))]
        case .effect(let effect)?:
            IconEffects.apply(effect, plays: plays, center: frames.iconFrame.center, to: &iconGroup)
            children = [.group(iconGroup)]
        case nil:
            children = [.group(iconGroup)]
        }
        // UIKIT-2026.md: on the glass bar the selected title is a heavier weight (0.3–0.7 pt wider).
        let selectedWeight: FontWeight = bar.style == .glass ? .semibold : layout.titleWeight
        children.append(.group(Group(name: "item-\(index)-title-normal", children: title(bar.unselectedItemTintColor, weight: layout.titleWeight),
                                     motion: [.opacity(unselected)])))
        children.append(.group(Group(name: "item-\(index)-title-selected", children: title(selectedTint, weight: selectedWeight),
                                     motion: selectedLook)))
        children += badges(of: index, frames).map { .group($0) }
        return Group(name: "item-\(index)", children: children)
    }

    /// How much item `index` shows selected (0…1), and whether its unselected look shows under that.
    /// Classic bar: one or the other, switching at each selection. Glass bar: the selected look fades in as
    /// the pill arrives (`glassSelection`), drawn over the unselected one, which goes only when the pill
    /// rests on the item, so that the colour passes smoothly from one to the other.
    private func selectionTracks(_ index: Int) -> (selected: Track, unselected: Track) {
        guard scene.tabBar.style == .glass else {
            let selected = Track.steps(timeline.selection.map(\.time)) { timeline.selectedIndex(at: $0) == index }
            return (selected, Track(selected.keyframes.map { Keyframe($0.time, 1 - $0.value) }))
        }
        let selected = glassSelection(index)
        let keys = selected.keyframes
        // Hidden from a key on only while the selected look is whole there and until the next key.
        let unselected = Track(keys.indices.map { k in
            let whole = keys[k].value >= 1 && (k + 1 == keys.count || keys[k].easing == .hold || keys[k + 1].value >= 1)
            return Keyframe(keys[k].time, whole ? 0 : 1)
        })
        // While the item apart is selected, no item in the capsule is: the pill waits unseen.
        guard let gate = capsuleSelected else { return (selected, unselected) }
        let gated = Track.steps(unselected.keyframes.map(\.time) + gate.keyframes.map(\.time)) { t in
            gate.value(at: t) == 0 || unselected.value(at: t) == 1
        }
        return (selected, gated)
    }

    /// Seed 002's `LOTAnimationView`: `contentMode = UIViewContentModeScaleAspectFill` in the icon's frame, played
    /// from progress 0 to 1 at the file's own frame rate: at t it shows frame ip + (t − start) · fr, not
    /// rounded (lottie-ios interpolates between frames).
    private func sequence(_ clip: LottieClip, in box: Rect, plays: [IconAnimationInterval]) -> FrameSequence {
        let frame = Layout.aspectFill(clip.canvas, in: box)
        var keys = [Keyframe(0, 0)]
        for play in plays {
            keys += [Keyframe(play.start, 0, .linear), Keyframe(play.end, (play.end - play.start) * clip.frameRate)]
        }
        return FrameSequence(clip: clip, frame: frame, playhead: Track(keys),
                             tint: clip.isTemplate ? selectedTint : nil)
    }

    // MARK: - Badges

    /// The item's badges (`Layout.badge(of:glass:rightToLeft:)` places them): each value from its event until
    /// the next; with `badgeAnimation: "pop"` a value the script sets pops in (`BadgeInterval.popKeyframes`).
    private func badges(of index: Int, _ frames: Layout.ItemLayout) -> [Group] {
        let badge = layout.badge(of: frames, glass: scene.tabBar.style == .glass, rightToLeft: scene.isRightToLeft)
        let family = scene.tabBar.badgeFamily
        return timeline.badges.enumerated().filter { $0.element.item == index }.map { number, shown in
            var children: [Node] = [.shape(Shape(frame: badge.disc, cornerRadius: badge.disc.height / 2, fill: scene.colors.badge,
                                                 widthFit: WidthFit(text: shown.value, fontSize: badge.fontSize, weight: .regular, family: family,
                                                                    padding: badge.padding, minimum: badge.disc.width, growth: badge.growth)))]
            if !shown.value.isEmpty {
                children.append(.text(Text(string: shown.value, fontSize: badge.fontSize, weight: .regular, color: .white,
                                           baseline: badge.textBaseline, alignment: .center, family: family)))
            }
            var motion: [Motion] = [.opacity(Track.steps([shown.start, shown.end]) { shown.start <= $0 && $0 < shown.end })]
            if scene.tabBar.badgeAnimation == .pop, shown.isChange {
                motion.append(.scale(Track(BadgeInterval.popKeyframes(from: shown.start)), center: badge.center))
            }
            return Group(name: "item-\(index)-badge-\(number)", children: children, motion: motion)
        }
    }

    // MARK: - Center button

    func centerButton() -> Group? {
        guard let button = scene.centerButton, let frame = layout.centerButton else { return nil }
        // Linear, 360° per period from each spin's start; back to 0° at its end (removed or re-added).
        var keys = [Keyframe(0, 0)]
        for spin in timeline.spins {
            keys += [Keyframe(spin.start, 0, .linear),
                     Keyframe(spin.end, 360 * (spin.end - spin.start) / button.spinPeriod),
                     Keyframe(spin.end, 0)]
        }
        return Group(name: "center-button", children: [.image(Image(asset: button.image, frame: frame, tint: nil))],
                     motion: keys.count > 1 ? [.rotation(degrees: Track(keys), center: frame.center)] : [])
    }
}

extension SceneGraph {
    /// The tab bar's texts (titles, badges) in the order drawn: what `validate`, `--verbose` and the review
    /// page say the fonts drew.
    /// With the iPad's sidebar, its texts too; with the Duo's postures, every screen's.
    public var tabBarTexts: [Text] {
        func texts(in children: [Node]) -> [Text] {
            children.flatMap { child -> [Text] in
                guard case .group(let group) = child else { return [] }
                let name = group.name
                if [SceneGraphBuilder.tabBarName, "sidebar"].contains(where: { name == $0 || name.hasSuffix("-" + $0) }) { return group.texts }
                return name.hasPrefix("posture-") ? texts(in: group.children) : []
            }
        }
        return texts(in: root.children)
    }
}
