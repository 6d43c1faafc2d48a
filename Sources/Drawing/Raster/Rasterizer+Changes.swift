import Basics
import Graph
import Graphics
import PixelKernels
import Scene

/// What a change of the commands touches: the pixels each command may draw (its ink, measured once for
/// text and SVG icons), for a frame redrawn only where it differs from the one before.
extension Rasterizer {
    /// The pixels that drawing `new` instead of `old` may change: where a command differs, both its old
    /// and its new ink. nil when that cannot be told (the samples draw different numbers of commands, or
    /// an ink's extent is unknown); empty when nothing changes.
    package func changedPixels(from old: [DrawCommand], to new: [DrawCommand]) -> PixelBox? {
        var changed = PixelBox.empty
        guard forEachChangedBox(from: old, to: new, { changed = changed.union($0) }) else { return nil }
        return changed.intersection(PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
    }

    /// `changedPixels` command by command: for each command that differs, the box of its old and its new
    /// ink, within the frame (where several commands differ far apart, a title here and a moving view
    /// there, their boxes tell apart what one box around all of them would not). Empty boxes are left out.
    package func changedPixelsApart(from old: [DrawCommand], to new: [DrawCommand]) -> [PixelBox]? {
        let frame = PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        var boxes: [PixelBox] = []
        guard forEachChangedBox(from: old, to: new, { box in
            let inside = box.intersection(frame)
            if !inside.isEmpty { boxes.append(inside) }
        }) else { return nil }
        return boxes
    }

    /// Calls `body` with the box of each differing command's old and new ink, anywhere (no array on the
    /// render workers' path); false when that cannot be told, as for `changedPixels`.
    private func forEachChangedBox(from old: [DrawCommand], to new: [DrawCommand], _ body: (PixelBox) -> Void) -> Bool {
        guard old.count == new.count else { return false }
        for (before, after) in zip(old, new) where !before.drawsTheSame(as: after) {
            guard let was = pixels(touchedBy: before), let now = pixels(touchedBy: after) else { return false }
            body(was.union(now))
        }
        return true
    }

    /// The pixels `command` may touch: its primitive's ink within its clips, grown by two pixels for
    /// antialiasing and image filtering (an image drawn through a kept patch: the patch's own ink, to the
    /// pixel); nil when unknown.
    func pixels(touchedBy command: DrawCommand) -> PixelBox? {
        let m = base.concatenating(command.transform)
        var known: PixelBox?
        if case .image(let image) = command.primitive { known = keptInk(of: image, under: m, resampling: Self.resamples(command.transform)) }
        guard var box = known ?? ink(of: command.primitive).flatMap({ PixelBox(covering: $0.boundingBox(under: m), margin: 2) }) else {
            return nil
        }
        for clip in command.clips {
            guard let clipped = PixelBox(covering: clip.rect.boundingBox(under: base.concatenating(clip.transform)), margin: 2) else { return nil }
            box = box.intersection(clipped)
        }
        return box
    }

    /// What decides a text's ink (a struct, not a string made of them: formatting its numbers was most of a
    /// lookup's cost).
    struct TextInkKey: Hashable {
        package var string: String
        package var fontSize: Double
        package var weight: FontWeight
        package var alignment: Text.Alignment
        package var x: Double, y: Double
        package var family: String?
        package var language: String?

        /// Hashed by its numbers and the strings' lengths, and told apart by `==`: hashing a string that is
        /// not ASCII (a Thai or Chinese title) normalizes it first, and a variant locale looks its titles up
        /// on every frame, its lead's and its own. Equal strings are the same bytes, which `==` finds fast.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(fontSize)
            hasher.combine(x)
            hasher.combine(y)
            hasher.combine(string.utf8.count)
            hasher.combine(weight)
            hasher.combine(alignment)
        }
    }

    struct SVGInkKey: Hashable {
        package var document: ObjectIdentifier
        package var frame: Rect
    }

    func inkRect(of text: Text) -> Rect? {
        let key = TextInkKey(string: text.string, fontSize: text.fontSize, weight: text.weight, alignment: text.alignment,
                             x: text.baseline.x, y: text.baseline.y, family: text.family, language: text.language)
        if let ink = textInk[key] { return ink }
        guard let measuring, let ink = PangoText.inkRect(of: text, in: measuring) else { return nil }
        textInk[key] = ink
        return ink
    }

    func inkRect(of document: SVGDocument, in frame: Rect) -> Rect? {
        let key = SVGInkKey(document: ObjectIdentifier(document), frame: frame)
        if let ink = svgInk[key] { return ink }
        // The ink, and the box itself: nothing drawn inside it can be missed.
        guard let ink = document.inkRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)?.union(frame) else { return nil }
        svgInk[key] = ink
        return ink
    }

    /// Where `primitive` may draw, in its own coordinates; nil when that is not known.
    func ink(of primitive: DrawCommand.Primitive) -> Rect? {
        switch primitive {
        case .shape(let shape): return shape.frame
        case .text(let text): return inkRect(of: text)
        case .image(let image): return ink(of: image)
        case .frame(let sequence, _): return sequence.frame  // the engine's vectors are clipped to it
        case .shadow(let shadow): return shadow.region
        case .backdrop(let backdrop, _): return backdrop.frame
        }
    }

    /// What an image draws: an SVG's ink (it may reach past its box), a PNG inside its box.
    func ink(of image: Graph.Image) -> Rect? {
        switch assets.entry(for: image.asset)?.decoded {
        case .svg(let document): return inkRect(of: document, in: image.frame)
        case .png: return image.frame
        case nil: return nil
        }
    }
}
