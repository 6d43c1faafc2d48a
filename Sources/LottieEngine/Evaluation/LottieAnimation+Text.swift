import Foundation

/// Text layers: a document laid out from its glyphs into filled and stroked paths.
extension LottieAnimation {
    /// The font a document names: its `fonts.list` entry, else the name itself as a family.
    func font(named name: String) -> LottieFont {
        fonts[name] ?? LottieFont(name: name, family: name, style: "Regular", ascent: 75)
    }

    /// The glyph of `character` in `font`: the file's `chars` entry for its family and style (lottie-web's
    /// `getCharData` matches `ch`, `fFamily` and `style`), else the one for its family in any style.
    func glyph(_ character: String, in font: LottieFont) -> Glyph? {
        if let exact = glyphs[GlyphKey(character: character, family: font.family, style: font.style)] { return exact }
        return glyphs.first { $0.key.character == character && $0.key.family == font.family }?.value
    }

    /// Line breaks in a document's text: After Effects writes `\r`; `\n` and ETX (`\u{3}`) are read too.
    static func isLineBreak(_ c: Character) -> Bool { c == "\r" || c == "\n" || c == "\u{3}" || c == "\r\n" }

    /// The document of `text` at `frame` as nodes in the layer's coordinates (nil: nothing to draw).
    ///
    /// Laid out as lottie-ios's `CoreTextRenderLayer` sets it (and lottie-web's `TextProperty`): each
    /// character advances by its glyph's `w · s/100` plus the tracking `s · tr/1000`; point text has its first
    /// baseline at the layer's origin, each line's start, centre or end there per `j`, each next line `lh`
    /// lower; box text (`sz`, `ps`) wraps between words at the box's width, aligns within it, and has its
    /// first baseline the font's ascent (`fonts.list`'s `ascent`) below the box's top, as lottie-web and
    /// ThorVG place it (lottie-ios's box puts it the font's cap height below, higher by the ascent less the
    /// cap height, which `fonts.list` does not give). The stroke is `sw` percent of the size wide
    /// (lottie-ios gives `sw` to CoreText's `strokeWidth`, a percentage of the font size) and under the fill
    /// unless `of`.
    func textNodes(_ text: TextContent, at frame: Double, options: EvaluationOptions = .init()) -> [VectorNode]? {
        let doc = text.document(at: frame)
        let font = font(named: doc.fontName)
        // Text animators, as lottie-ios's `TextCompositionLayer.displayContentsWithFrame` (Main Thread engine)
        // applies them: the last animator's transform, opacity, tracking (1 when it has none) and stroke
        // width (0 when none); the last fill and stroke colours any animator gives, else the document's.
        let last = text.animators.last
        func color(_ pick: (TextAnimator) -> Animated<Vector>?) -> RGBA? {
            guard let value = text.animators.reversed().lazy.compactMap(pick).first?.value(at: frame, options: options) else { return nil }
            return RGBA.lottie(value.values, alpha: value.values.count > 3 ? value[3] : 1)
        }
        let trackingUnits = last.map { $0.tracking?.value(at: frame, options: options).x ?? 1 } ?? doc.tracking
        let fillColor = color(\.fillColor) ?? doc.fillColor, strokeColor = color(\.strokeColor) ?? doc.strokeColor
        let strokeWidth = last.map { $0.strokeWidth?.value(at: frame, options: options).x ?? 0 } ?? doc.strokeWidth
        let scale = doc.size / 100, tracking = doc.size * trackingUnits / 1000
        // Each character's glyph looked up once per layout (a glyph of another style is found by a search).
        var found: [Character: Glyph?] = [:]
        func glyph(_ c: Character) -> Glyph? {
            if let known = found[c] { return known }
            let g = self.glyph(String(c), in: font)
            found[c] = g
            return g
        }
        func advance(_ c: Character) -> Double { (glyph(c)?.advance ?? 0) * scale + tracking }
        var lines = doc.text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak).map(String.init)
        if let box = doc.boxSize, box.x > 0 { lines = lines.flatMap { Self.wrap($0, width: box.x, advance: advance) } }
        var outline = BezierPath()
        for (n, line) in lines.enumerated() {
            // The tracking after the last character counts (lottie-web's `completeTextData` adds it to each
            // character's width; CoreText's kern does the same), so centred text sits half of it left.
            let width = line.reduce(0) { $0 + advance($1) }
            var x: Double, y = Double(n) * doc.lineHeight - doc.baselineShift
            let room = doc.boxSize?.x ?? 0
            switch doc.justification {
            case .left: x = 0
            case .right: x = room - width
            case .center: x = (room - width) / 2
            }
            if doc.boxSize != nil {
                let origin = doc.boxPosition ?? .zero
                x += origin.x
                y += origin.y + font.ascent / 100 * doc.size
            }
            for c in line {
                if let g = glyph(c), !g.outline.isEmpty {
                    outline.contours += g.outline.transformed(Affine(a: scale, b: 0, c: 0, d: scale, tx: x, ty: y)).contours
                }
                x += advance(c)
            }
        }
        guard !outline.isEmpty else { return nil }
        var fill: [VectorNode] = [], stroke: [VectorNode] = []
        if let color = fillColor { fill = [.fill(outline, paint: .color(color), rule: .nonZero)] }
        if let color = strokeColor, strokeWidth > 0 {
            stroke = [.stroke(outline, paint: .color(color), style: StrokeStyle(width: strokeWidth * doc.size / 100, cap: .butt, join: .miter,
                                                                                  miterLimit: 4, dashes: [], dashOffset: 0))]
        }
        let nodes = doc.strokeOverFill ? fill + stroke : stroke + fill
        guard !nodes.isEmpty else { return nil }
        guard let last else { return nodes }
        let opacity = last.transform.opacity(at: frame, options)
        guard opacity > 0 else { return nil }
        let transform = last.transform.matrix(at: frame, options)
        guard transform.isInvertible else { return nil }  // scaled to 0: nothing (`Affine.isInvertible`)
        return [.group(transform: transform, opacity: opacity, children: nodes)]
    }

    /// `line` broken between words so that each part fits `width` (a word wider than it stands alone).
    static func wrap(_ line: String, width: Double, advance: (Character) -> Double) -> [String] {
        var out: [String] = [], current: String?, currentWidth = 0.0
        for word in line.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let wordWidth = word.reduce(0) { $0 + advance($1) }
            guard let started = current else { current = word; currentWidth = wordWidth; continue }
            let spaced = currentWidth + advance(" ") + wordWidth
            if spaced > width {
                out.append(started)
                current = word; currentWidth = wordWidth
            } else {
                current = started + " " + word; currentWidth = spaced
            }
        }
        out.append(current ?? "")
        return out
    }

    // MARK: - Glyphs from fonts

    /// Every (character, font) the text layers show that the file's `chars` do not cover.
    public var glyphsWanted: [(key: GlyphKey, font: LottieFont, keyPath: String)] {
        var out: [(key: GlyphKey, font: LottieFont, keyPath: String)] = [], seen = Set<GlyphKey>()
        func visit(_ layers: [Layer], path: String) {
            for (n, layer) in layers.enumerated() {
                guard case .text(let text) = layer.content else { continue }
                for (k, entry) in text.documents.enumerated() {
                    let font = font(named: entry.document.fontName)
                    for c in entry.document.text where !Self.isLineBreak(c) {
                        let key = GlyphKey(character: String(c), family: font.family, style: font.style)
                        guard glyph(key.character, in: font) == nil, seen.insert(key).inserted else { continue }
                        out.append((key, font, "\(path)[\(n)].t.d.k[\(k)].s"))
                    }
                }
            }
        }
        visit(layers, path: "layers")
        for (id, inner) in precomps.sorted(by: { $0.key < $1.key }) { visit(inner, path: precompKeyPaths[id] ?? "assets") }
        return out
    }

    /// The animation with the glyphs its text needs from `source` (the font's own outlines, where the file's
    /// `chars` lack them), and a warning per font drawn by a stand-in face and per character no face has.
    public func addingGlyphs(from source: GlyphSource) -> LottieAnimation {
        var copy = self
        var standIns: [String: (face: String, keyPath: String)] = [:], missing: [(String, String)] = []
        for (n, wanted) in glyphsWanted.enumerated() {
            guard n < TextContent.maxFontGlyphs else {
                copy.warnings.append(LottieFileError(wanted.keyPath, "more than \(TextContent.maxFontGlyphs) distinct characters from fonts: the rest are not drawn",
                                                     kind: .textNotAsPlayed))
                break
            }
            if let (glyph, standIn) = source.glyph(wanted.key.character, in: wanted.font) {
                copy.glyphs[wanted.key] = glyph
                if let standIn, standIns[wanted.font.name] == nil { standIns[wanted.font.name] = (standIn, wanted.keyPath) }
            } else if wanted.key.character != " " {
                missing.append((wanted.key.character, wanted.keyPath))
            }
        }
        for (name, found) in standIns.sorted(by: { $0.key < $1.key }) {
            let font = copy.font(named: name)
            copy.warnings.append(LottieFileError("\(found.keyPath).f", "font \"\(name)\" (\(font.family) \(font.style)) is not available: its text is drawn in \(found.face), a stand-in",
                                                 kind: .textNotAsPlayed))
        }
        if let first = missing.first {
            let list = missing.map { "\"\($0.0)\"" }.joined(separator: ", ")
            copy.warnings.append(LottieFileError(first.1, "no font has \(list): not drawn", kind: .textNotAsPlayed))
        }
        return copy
    }
}

extension TextContent: KeySegmented {
    /// The documents' changes (held: a document never eases into the next) and the animators' keyframe
    /// segments, for a writer that moves the text's drawing between them (the SVG's SMIL).
    public var keySegments: [KeySegment] {
        var out = zip(documents, documents.dropFirst()).map { a, b in
            KeySegment(start: a.time, end: b.time, easing: .linear, hold: true, moves: a.document != b.document)
        }
        for animator in animators {
            let t = animator.transform
            var properties: [Animated<Vector>?] = [t.anchor, t.scale, t.rotation, t.opacity, t.skew, t.skewAxis,
                                                   animator.fillColor, animator.strokeColor, animator.strokeWidth, animator.tracking]
            switch t.position {
            case .combined(let p): properties.append(p)
            case .split(let x, let y): properties += [x, y]
            }
            out += properties.compactMap { $0?.keySegments }.flatMap { $0 }
        }
        return out
    }
}
