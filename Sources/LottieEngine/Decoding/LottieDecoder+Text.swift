import Foundation

/// Text: a text layer's `t`, the file's `fonts.list` and its `chars` glyphs.
extension LottieDecoder {
    /// `t` of a text layer at `json` (the layer); nil, with a warning, for one without a document (`t.d`).
    mutating func text(_ layer: LottieJSON) throws(LottieFileError) -> TextContent? {
        guard let t = layer.child("t"), let d = t.child("d"), d.has("k") else {
            notes.append(LottieFileError("\(layer.path).t", "a text layer without a document (t.d.k): not drawn", kind: .textNotAsPlayed))
            return nil
        }
        var documents: [TimedTextDocument] = []
        if let keys = try d.required("k").elements {
            guard keys.count <= LottieLimits.maxKeyframes else {
                throw LottieFileError("\(d.path).k", "\(keys.count) text documents is more than the limit of \(LottieLimits.maxKeyframes)")
            }
            for key in keys {
                let time = try key.number("t", default: 0)
                if let last = documents.last, time < last.time {
                    throw LottieFileError(key.path, "keyframe time \(time) comes before the previous one (\(last.time))")
                }
                documents.append(TimedTextDocument(time: time, document: try document(try key.required("s"))))
            }
        } else {
            documents.append(TimedTextDocument(time: 0, document: try document(try d.required("k"))))
        }
        guard !documents.isEmpty else {
            notes.append(LottieFileError("\(d.path).k", "a text layer without a document (t.d.k): not drawn", kind: .textNotAsPlayed))
            return nil
        }
        var animators: [TextAnimator] = []
        for entry in t.child("a")?.elements ?? [] {
            let properties = entry.child("a")
            let k = KeyframeDecoder()
            func property(_ key: String) throws(LottieFileError) -> Animated<Vector>? {
                try properties?.child(key).map { (v: LottieJSON) throws(LottieFileError) in try k.vector(v) }
            }
            animators.append(TextAnimator(transform: try transform(properties), fillColor: try property("fc"), strokeColor: try property("sc"),
                                          strokeWidth: try property("sw"), tracking: try property("t")))
        }
        if !animators.isEmpty {
            // lottie-ios's default engine (Core Animation) does not draw text animators ("The Core Animation
            // rendering engine currently doesn't support text animators", `TextLayer.configureRenderLayer`)
            // and falls back to its Main Thread engine, whose `TextAnimatorNode` applies them to the whole
            // text: tabanim does the same, reading no range selector.
            notes.append(LottieFileError("\(t.path).a", "text animators are applied to the whole text, as lottie-ios's Main Thread engine applies them (range selectors are not read)",
                                         kind: .textNotAsPlayed))
        }
        if animators.isEmpty, documents.dropFirst().contains(where: { $0.document != documents[0].document }) {
            // Without animators lottie-ios plays the file in its Core Animation engine, whose `TextLayer` sets the
            // first document's text once (`exactlyOneKeyframe`) and never changes it: its snapshots of
            // issue_2545 (counting "0" to "90") show "0" at every progress, and Text_NoGlyph "TEXT", never "LATER".
            notes.append(LottieFileError("\(d.path).k", "only the first of its \(documents.count) text documents is shown, as lottie-ios's Core Animation engine shows it", kind: .drawnAsLottieIOS))
            documents = [documents[0]]
        }
        if let path = t.child("p"), path.child("m") != nil {
            notes.append(LottieFileError("\(t.path).p", "text on a path is not drawn along it (lottie-ios does not either)", kind: .textNotAsPlayed))
        }
        return TextContent(documents: documents, animators: animators)
    }

    /// One document (`t.d.k[n].s`).
    private func document(_ json: LottieJSON) throws(LottieFileError) -> TextDocument {
        let text = (try? json.required("t").string()) ?? ""
        guard text.count <= TextContent.maxCharacters else {
            throw LottieFileError("\(json.path).t", "\(text.count) characters is more than the limit of \(TextContent.maxCharacters)")
        }
        let size = try json.number("s", default: 10)
        guard size >= 0 else { throw LottieFileError("\(json.path).s", "font size \(size) is negative") }
        func color(_ key: String) throws(LottieFileError) -> RGBA? {
            guard let c = json.child(key) else { return nil }
            let n = try c.numbers()
            guard n.count >= 3 else { return nil }
            return RGBA.lottie(n, alpha: n.count > 3 ? n[3] : 1)
        }
        func point(_ key: String) throws(LottieFileError) -> Vec2? {
            guard let c = json.child(key) else { return nil }
            let n = try c.numbers()
            return n.count >= 2 ? Vec2(n[0], n[1]) : nil
        }
        let code = try json.integer("j", default: 0)
        // lottie-ios knows 0 (left), 1 (right) and 2 (center) (`TextJustification`); After Effects' justified
        // forms 3…6 and any other value draw at the left, as its snapshot of issue_2545 (`j` 4) shows.
        let justification = TextDocument.Justification(rawValue: code) ?? .left
        return TextDocument(text: text, fontName: (try? json.required("f").string()) ?? "",
                            size: size, fillColor: try color("fc"), strokeColor: try color("sc"),
                            strokeWidth: max(try json.number("sw", default: 0), 0), strokeOverFill: json.child("of")?.bool ?? false,
                            justification: justification, tracking: try json.number("tr", default: 0),
                            lineHeight: try json.number("lh", default: size * 1.2), baselineShift: try json.number("ls", default: 0),
                            boxSize: try point("sz"), boxPosition: try point("ps"))
    }

    /// `fonts.list`, by `fName`.
    func fonts(_ root: LottieJSON) throws(LottieFileError) -> [String: LottieFont] {
        var out: [String: LottieFont] = [:]
        for entry in root.child("fonts")?.child("list")?.elements ?? [] {
            guard let name = try? entry.required("fName").string() else { continue }
            out[name] = LottieFont(name: name, family: (try? entry.required("fFamily").string()) ?? name,
                                   style: (try? entry.required("fStyle").string()) ?? "Regular", ascent: try entry.number("ascent", default: 75))
        }
        return out
    }

    /// `chars`: each glyph's paths (`data.shapes`, groups of `sh` at size 100) and advance `w`.
    mutating func glyphs(_ root: LottieJSON) throws(LottieFileError) -> [GlyphKey: Glyph] {
        var out: [GlyphKey: Glyph] = [:]
        for entry in root.child("chars")?.elements ?? [] {
            guard let ch = try? entry.required("ch").string() else { continue }
            let key = GlyphKey(character: ch, family: (try? entry.required("fFamily").string()) ?? "",
                               style: (try? entry.required("style").string()) ?? "")
            var outline = BezierPath()
            if let shapes = entry.child("data")?.child("shapes") {
                outline = Self.outline(of: try self.shapes(shapes, depth: 0), transform: .identity)
            }
            out[key] = Glyph(advance: try entry.number("w", default: 0), outline: outline)
        }
        return out
    }

    /// The paths of a glyph's shapes (its first frame: glyphs do not move), through their groups' transforms.
    private static func outline(of items: [ShapeItem], transform: Affine) -> BezierPath {
        var path = BezierPath()
        for item in items {
            switch item {
            case .group(let children, let t):
                path.contours += outline(of: children, transform: transform.concatenating(t.matrix(at: 0, EvaluationOptions()))).contours
            case .path(let shape, let reversed):
                let contour = shape.value(at: 0).contour
                path.contours.append((reversed ? contour.reversed : contour).transformed(transform))
            default: break
            }
        }
        return path
    }
}
