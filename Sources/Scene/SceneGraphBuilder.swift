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
        let builder = SceneGraphBuilder(scene: scene, layout: layout, timeline: timeline)
        let contents = builder.contents()
        let root = Group(name: "screen", children: [
            .group(contents),
            .group(Group(name: "status-bar", children: builder.statusBar())),
            .group(builder.tabBar(over: contents)),
        ] + (builder.centerButton().map { [.group($0)] } ?? [])
          + [.group(Group(name: "home-indicator", children: builder.homeIndicator()))])
        // The matte behind the screen: the style's systemBackground (white in light mode, as before), and
        // outside the screen's rounded corners nothing (`Animation.withOpaqueCorners` for GIF and MP4).
        let device = scene.device, matte: Matte
        if scene.export.screenCorners, device.cornerRadius > 0 {
            matte = .roundedScreen(scene.colors.background, screen: Rect(x: 0, y: 0, width: device.size.width, height: device.size.height),
                                   radius: device.cornerRadius, outside: .clear)
        } else {
            matte = .full(scene.colors.background)
        }
        self.init(root: root, viewport: layout.exportRegion, duration: timeline.duration, matte: matte)
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
        let scroll = scrollTrack(index)
        if let screenshot = tab.screenshot {
            // The real screen at the device's width from its top; the bar (opaque or not) is drawn over it.
            // A taller capture (a full page) scrolls whole, its own bars with it.
            let width = layout.screen.width
            let height = width * screenshot.pixelSize.height / screenshot.pixelSize.width
            let image = Node.image(Image(asset: screenshot.asset, frame: Rect(x: 0, y: 0, width: width, height: height), tint: nil))
            return nodes + (scroll.map { [.group(Group(name: "tab-\(index)-scroll", children: [image], motion: [.translation(x: .constant(0), y: $0)]))] } ?? [image])
        }
        let nav = layout.navigationBar
        // UINavigationBar's inline title: centred, baseline about 28 pt below the bar's top for 17 pt type.
        // The title label spans the bar inside its layout margins (16 pt each side on iPhones; no bar buttons
        // here), and truncates at the tail like any UILabel.
        let title = Node.text(Text(string: tab.title, fontSize: Layout.navigationTitleFontSize, weight: .semibold,
                                   color: scene.colors.label, baseline: Point(x: nav.center.x, y: nav.minY + 28), alignment: .center,
                                   maximumWidth: max(nav.width - 32, 1)))
        var rows = self.rows(tab, below: layout.rowsTop(of: tab), in: frame, scrolledTo: scroll.map { $0.keyframes.map { -$0.value }.max() ?? 0 } ?? 0)
        if tab.largeTitle {
            // The large title belongs to the scrolled content: it moves up with the rows, under the bar.
            let x = scene.isRightToLeft ? frame.maxX - 16 : 16
            rows.insert(.text(Text(string: tab.title, fontSize: Layout.largeTitleFontSize, weight: .bold, color: scene.colors.label,
                                   baseline: Point(x: x, y: nav.maxY + Layout.largeTitleBaseline), alignment: scene.isRightToLeft ? .trailing : .leading,
                                   maximumWidth: max(nav.width - 32, 1))), at: 0)
        }
        guard let scroll else { return nodes + (tab.largeTitle ? [] : [title]) + rows }
        // Scrolled, the rows move under the navigation bar, which stays; its background and hairline show
        // while anything is under it (iOS 15's `scrollEdgeAppearance`: none at the top, the standard
        // appearance once scrolled), drawn at once (UIKit fades them over the first points: chosen). With
        // a large title, the bar is clear until the title has scrolled under it; then the inline title shows.
        let collapsed = scrolledPast(tab.largeTitle ? Layout.largeTitleHeight - 0.5 : 0, tab: index)
        let navBackground = Rect(x: 0, y: 0, width: frame.width, height: nav.maxY)
        return nodes + [
            .group(Group(name: "tab-\(index)-scroll", children: rows, motion: [.translation(x: Track(scroll.keyframes.map { Keyframe($0.time, 0, $0.easing) }), y: scroll)])),
            .group(Group(name: "tab-\(index)-navigation-bar", children: [
                .shape(Shape(frame: navBackground, fill: scene.colors.translucentBar)),
                .shape(Shape(frame: Rect(x: 0, y: nav.maxY, width: frame.width, height: 1 / scene.device.scale), fill: scene.colors.hairline)),
            ], motion: [.opacity(collapsed)])),
            tab.largeTitle ? .group(Group(name: "tab-\(index)-inline-title", children: [title], motion: [.opacity(collapsed)])) : title,
        ]
    }

    /// 1 while tab `index`'s content is scrolled more than `threshold` points down, else 0: switched where
    /// each scroll crosses it (found by bisection: a scroll is monotonic).
    private func scrolledPast(_ threshold: Double, tab index: Int) -> Track {
        let runs = timeline.scrolls.filter { $0.tab == index }
        func past(_ t: TimeInterval) -> Bool { timeline.scrollOffset(of: index, at: t) > threshold }
        var breakpoints: [TimeInterval] = []
        for (number, run) in runs.enumerated() {
            let end = min(run.end, number + 1 < runs.count ? runs[number + 1].start : .infinity)
            breakpoints += [run.start, end]
            guard past(run.start) != past(end) else { continue }
            var low = run.start, high = end
            for _ in 0..<50 where high - low > 1e-6 {
                let mid = (low + high) / 2
                if past(mid) == past(end) { high = mid } else { low = mid }
            }
            breakpoints.append(high)
        }
        return stepTrack(breakpoints, past)
    }

    /// The placeholder rows below the navigation bar: those wholly above the content's bottom, and those
    /// that a scroll of `scrolled` points brings up.
    private func rows(_ tab: TabContent, below first: Double, in frame: Rect, scrolledTo scrolled: Double) -> [Node] {
        var nodes: [Node] = []
        let separator = scene.colors.separator
        for row in 0..<tab.rows {
            let top = first + Double(row) * Layout.rowHeight
            guard top + Layout.rowHeight <= frame.maxY + scrolled else { break }
            let width = [0.55, 0.4, 0.7, 0.5][row % 4] * (frame.width - 32)
            // A cell's content and its separator's inset start at the leading edge: the right, right to left.
            let bar = Rect(x: 16, y: top + 16, width: width, height: 12)
            let line = Rect(x: 16, y: top + Layout.rowHeight - 0.5, width: frame.width - 16, height: 0.5)
            nodes.append(.shape(Shape(frame: leading(bar, in: frame), cornerRadius: 6, fill: scene.colors.placeholderFill)))
            nodes.append(.shape(Shape(frame: leading(line, in: frame), fill: separator)))
        }
        return nodes
    }

    /// The content's vertical move: −(the offset scrolled) over the loop; nil for a tab that never scrolls.
    private func scrollTrack(_ index: Int) -> Track? {
        let scrolls = timeline.scrolls.filter { $0.tab == index }
        guard !scrolls.isEmpty else { return nil }
        var keys = [Keyframe(0, 0)]
        for (number, scroll) in scrolls.enumerated() {
            // A scroll cut short by the next one ends where that one starts.
            let end = min(scroll.end, number + 1 < scrolls.count ? scrolls[number + 1].start : .infinity, timeline.duration)
            if scroll.fling {
                // No Bézier is an exponential: sampled, as the pill's spring (every exporter reads these keys).
                keys += Track.sampling(from: scroll.start, to: end, step: 1 / Self.springSampleRate, tolerance: 0.05) { -scroll.offset(at: $0) }
                continue
            }
            let easing = end < scroll.end ? scroll.easing.truncated(at: (end - scroll.start) / (scroll.end - scroll.start)) : scroll.easing
            keys += [Keyframe(scroll.start, -scroll.from, easing), Keyframe(end, -scroll.offset(at: end))]
        }
        return Track(keys)
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
        return stepTrack(breakpoints) { t in
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
        guard hasBars2026 else { return Group(name: Self.tabBarName, children: nodes) }
        return Group(name: Self.tabBarName, children: bars2026(full: nodes, contents: contents))
    }

    /// The selected icon's and title's colour: the tint, made vibrant on the dark glass pill.
    /// UIKIT-2026.md ("Vibrancy", iOS 26.2): the selected icon and title on the pill read brighter than the
    /// nominal tint, systemYellow dark (255,214,10) as (255,241,27) on the iPhone capsule and (255,243,29)
    /// on the iPad top bar. The rule drawn is fitted to that one colour, each channel c → min(1, 1.049 c +
    /// 16.5 / 255), which gives (255,241,27) and is within 2 levels of the iPad's; chosen for every other
    /// colour (one tint measured). In light mode systemBlue read (0,125,246) against its nominal (0,122,255):
    /// the nominal tint is drawn (within 9 levels).
    var selectedTint: Color {
        let tint = scene.tabBar.tintColor
        guard scene.tabBar.style == .glass, scene.interfaceStyle == .dark else { return tint }
        func vibrant(_ c: Double) -> Double { min(1, 1.049 * c + 16.5 / 255) }
        return Color(red: vibrant(tint.red), green: vibrant(tint.green), blue: vibrant(tint.blue), alpha: tint.alpha)
    }

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
            // The title truncates at the tail within its button, 2 pt in from each side (the button's label is
            // inset from its edges; UIKit does not publish the inset), so neighbours never overlap.
            item.title.isEmpty ? [] : [.text(Text(string: item.title, fontSize: layout.titleFontSize, weight: weight, color: color,
                                                 baseline: frames.titleBaseline, alignment: .center,
                                                 maximumWidth: max(frames.frame.width - 4, 1), family: bar.titleFamily,
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
            let playing = stepTrack(plays.flatMap { [$0.start, $0.end] }) { t in plays.contains { $0.start <= t && t < $0.end } }
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
            let selected = stepTrack(timeline.selection.map(\.time)) { timeline.selectedIndex(at: $0) == index }
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
        let gated = stepTrack(unselected.keyframes.map(\.time) + gate.keyframes.map(\.time)) { t in
            gate.value(at: t) == 0 || unselected.value(at: t) == 1
        }
        return (selected, gated)
    }

    /// Seed 002's `LOTAnimationView`: `contentMode = UIViewContentModeScaleAspectFill` in the icon's frame, played
    /// from progress 0 to 1 at the file's own frame rate: at t it shows frame ip + (t − start) · fr, not
    /// rounded (lottie-ios interpolates between frames).
    private func sequence(_ clip: LottieClip, in box: Rect, plays: [IconAnimationInterval]) -> FrameSequence {
        let fill = max(box.width / clip.canvas.width, box.height / clip.canvas.height)
        let frame = Rect(center: box.center, size: Size(width: clip.canvas.width * fill, height: clip.canvas.height * fill))
        var keys = [Keyframe(0, 0)]
        for play in plays {
            keys += [Keyframe(play.start, 0, .linear), Keyframe(play.end, (play.end - play.start) * clip.frameRate)]
        }
        return FrameSequence(clip: clip, frame: frame, playhead: Track(keys),
                             tint: clip.isTemplate ? selectedTint : nil)
    }

    // MARK: - Badges

    /// UIKit's badge (`UITabBarItem.badgeValue`; UIKIT-2026.md, iOS 17.5 and 18.5): an 18 pt disc for "" and
    /// one character (a wide "A" keeps 18.0 pt), a capsule for longer values (the text's advance plus 4.5 pt
    /// each side: chosen, the most that keeps one character's disc at 18), systemRed, white 13 pt text
    /// (9.33 pt glyphs, their bottom 4.67 pt above the disc's, so the baseline 4.33 pt below the centre);
    /// on iOS 26.2's glass bar 12 pt text (8.67 pt glyphs, "about a 12 pt font", their bottom 5.0 pt above
    /// the disc's: the baseline 4.0 pt below the centre). Measured on
    /// a title-only item: its centre 12 pt below the bar's top and 20 pt right of the item's centre. UIKit
    /// anchors it to the icon view's top right; for the default 24 pt icon box (centred 18.6 pt below the
    /// bar's top) that point is (icon's right + 8, icon's top + 5.4), the rule used for every icon size.
    /// Right to left it sits at the icon's top left. Each value shows from its event until the next; with
    /// `badgeAnimation: "pop"` a value the script sets scales in 0 → 1.2 → 1 over 0.3 s.
    /// On the glass bar (UIKIT-2026.md, iOS 26.2): the disc's centre ~11 pt below the cell's top and ~5 pt
    /// right of the item's centre (left, right to left).
    private func badges(of index: Int, _ frames: Layout.ItemLayout) -> [Group] {
        let center = layout.badgeCenter(of: frames, glass: scene.tabBar.style == .glass, rightToLeft: scene.isRightToLeft)
        let diameter = 18.0, glass = scene.tabBar.style == .glass
        let size = glass ? 12.0 : 13.0, drop = glass ? 4.0 : 4.33
        // Inline, a longer value's capsule grows over the icon, away from the title (tabanim's choice).
        let growth: WidthFit.Growth = layout.kind == .inline && frames.hasIcon ? (scene.isRightToLeft ? .right : .left) : .both
        return timeline.badges.enumerated().filter { $0.element.item == index }.map { number, badge in
            var children: [Node] = [.shape(Shape(frame: Rect(center: center, size: Size(width: diameter, height: diameter)),
                                                 cornerRadius: diameter / 2, fill: scene.colors.badge,
                                                 widthFit: WidthFit(text: badge.value, fontSize: size, weight: .regular, family: scene.tabBar.badgeFamily, padding: 4.5,
                                                                    minimum: diameter, growth: growth)))]
            if !badge.value.isEmpty {
                children.append(.text(Text(string: badge.value, fontSize: size, weight: .regular, color: .white,
                                           baseline: Point(x: center.x, y: center.y + drop), alignment: .center,
                                           family: scene.tabBar.badgeFamily)))
            }
            var motion: [Motion] = [.opacity(stepTrack([badge.start, badge.end]) { badge.start <= $0 && $0 < badge.end })]
            if scene.tabBar.badgeAnimation == .pop, badge.isChange {
                motion.append(.scale(Track([Keyframe(0, 1), Keyframe(badge.start, 0, .easeOut), Keyframe(badge.start + 0.15, 1.2, .easeInEaseOut),
                                            Keyframe(badge.start + 0.3, 1)]), center: center))
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

    // MARK: - Helpers

    /// `rect`, given for a left-to-right layout, where a right-to-left one puts it: mirrored in `container`.
    func leading(_ rect: Rect, in container: Rect) -> Rect {
        guard scene.isRightToLeft else { return rect }
        return Rect(x: container.minX + container.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// A 0/1 hold track that follows `isOn`, evaluated at each breakpoint (values are right-continuous).
    func stepTrack(_ breakpoints: [TimeInterval], _ isOn: (TimeInterval) -> Bool) -> Track {
        var keys = [Keyframe(0, isOn(0) ? 1 : 0)]
        for t in Set(breakpoints).sorted() where t > 0 {
            let value: Double = isOn(t) ? 1 : 0
            if value != keys.last!.value { keys.append(Keyframe(t, value)) }
        }
        return Track(keys)
    }
}

extension SceneGraph {
    /// The tab bar's texts (titles, badges) in the order drawn: what `validate`, `--verbose` and the review
    /// page say the fonts drew.
    public var tabBarTexts: [Text] {
        var found: [Text] = []
        func walk(_ group: Group) {
            for child in group.children {
                switch child {
                case .group(let nested): walk(nested)
                case .backdrop, .image, .sequence, .shadow, .shape: break
                case .text(let text): found.append(text)
                }
            }
        }
        for case .group(let group) in root.children where group.name == SceneGraphBuilder.tabBarName { walk(group) }
        return found
    }
}
