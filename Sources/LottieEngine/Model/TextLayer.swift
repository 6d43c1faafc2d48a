import Foundation

/// A text layer's `t` (`ty` 5): its documents and what the engine reads of the rest.
///
/// lottie-ios draws text with the font the file names (`CoreTextRenderLayer`: CoreText at `s`, kerned by
/// `s·tr/1000`, aligned by `j`, spaced by `lh`, filled `fc`, stroked `sc` at `sw`, stroke on top for `of`, in
/// the box `sz` at `ps`); it never draws the file's `chars`. tabanim draws the `chars` glyphs where the
/// file has them for the document's font (as lottie-web and ThorVG do: the font the designer used, with no
/// font to install), else the font's own outlines from a `GlyphSource` (pango, in the Drawing module).
public struct TextContent: Sendable {
    /// Characters in one document, and distinct glyphs taken from fonts in one file: an icon's text is a
    /// few words; past these a document is refused and further glyphs are not drawn (with a warning).
    public static let maxCharacters = 10_000
    public static let maxFontGlyphs = 2_000

    /// `t.d.k`: the documents, sorted by time, never empty. Text documents never interpolate: each holds
    /// from its `t` until the next (lottie-ios's `TextDocument` is not `Interpolatable`; its keyframes
    /// step). Without animators only the first is kept, as lottie-ios's Core Animation engine shows it (the
    /// decoder drops the rest, with a note); with animators lottie-ios plays the layer in its Main Thread
    /// engine, which switches documents.
    public var documents: [TimedTextDocument]
    /// `t.a`, in file order: applied to the whole text (range selectors `s` are not read), as lottie-ios's
    /// Main Thread engine applies them.
    public var animators: [TextAnimator]

    /// The document shown at `frame`: the last one whose time is at or before it, else the first.
    public func document(at frame: Double) -> TextDocument {
        var shown = documents[0].document
        for entry in documents where entry.time <= frame { shown = entry.document }
        return shown
    }
}

/// One entry of `t.a`: its properties (`a`), as lottie-ios's `TextAnimatorNode` reads them: a transform
/// (`a`, `p`, `s`, `r`, `sk`, `sa`) and opacity `o`, fill `fc` and stroke `sc` colours, stroke width `sw`,
/// tracking `t`.
public struct TextAnimator: Sendable {
    public var transform: LottieTransform
    public var fillColor: Animated<Vector>?
    public var strokeColor: Animated<Vector>?
    public var strokeWidth: Animated<Vector>?
    public var tracking: Animated<Vector>?
}

public struct TimedTextDocument: Sendable {
    /// `t`, in the layer's composition frames.
    public var time: Double
    /// `s`.
    public var document: TextDocument
}

/// One text document (`t.d.k[n].s`).
public struct TextDocument: Sendable, Equatable {
    public enum Justification: Int, Sendable { case left = 0, right = 1, center = 2 }
    /// `t`: lines are separated by `\r` (After Effects), `\n` or `\u{3}`.
    public var text: String
    /// `f`: a font's `fName` in `fonts.list`.
    public var fontName: String
    /// `s`, points.
    public var size: Double
    /// `fc`: nil draws no fill.
    public var fillColor: RGBA?
    /// `sc` and `sw`: nil or zero width draws no stroke.
    public var strokeColor: RGBA?
    public var strokeWidth: Double
    /// `of`: the stroke over the fill (else under it).
    public var strokeOverFill: Bool
    /// `j`: 0 left, 1 right, 2 center; any other value (After Effects' justified forms 3…6) is left, as lottie-ios draws it.
    public var justification: Justification
    /// `tr`: extra space after each character, in thousandths of the size.
    public var tracking: Double
    /// `lh`: from one baseline to the next, points (default 1.2 × `s`).
    public var lineHeight: Double
    /// `ls`: the baseline raised by this many points.
    public var baselineShift: Double
    /// `sz` and `ps`: a paragraph box (its size, and its top left in the layer): lines wrap at its width and
    /// align within it. nil: point text, the first baseline at the layer's origin.
    public var boxSize: Vec2?
    public var boxPosition: Vec2?
}

/// One entry of `fonts.list`.
public struct LottieFont: Sendable, Equatable {
    /// `fName`, which a document's `f` names.
    public var name: String
    /// `fFamily`, `fStyle` ("Bold", "Regular", …).
    public var family: String
    public var style: String
    /// `ascent`: the font's ascent in percent of its size (for a paragraph box's first line).
    public var ascent: Double

    public init(name: String, family: String, style: String, ascent: Double) {
        self.name = name; self.family = family; self.style = style; self.ascent = ascent
    }
}

/// Which glyph: a character in a font family and style (as `chars` entries name theirs: `ch`, `fFamily`, `style`).
public struct GlyphKey: Sendable, Hashable {
    public var character: String
    public var family: String
    public var style: String
    public init(character: String, family: String, style: String) { self.character = character; self.family = family; self.style = style }
}

/// A glyph at size 100 (as `chars` gives them): its outline, baseline at y 0 and y growing downwards, and
/// its advance `w`.
public struct Glyph: Sendable, Equatable {
    public var advance: Double
    public var outline: BezierPath
    public init(advance: Double, outline: BezierPath) { self.advance = advance; self.outline = outline }
}

/// Where the glyphs of fonts come from for documents the file's `chars` do not cover: the Drawing module
/// outlines them with pango, so that this module needs no C library and both backends draw the same paths.
public protocol GlyphSource {
    /// `character`'s glyph in `font` at size 100, and the face that drew it when it is a stand-in for the
    /// font asked (nil: the font itself); nil when no face has the character.
    func glyph(_ character: String, in font: LottieFont) -> (glyph: Glyph, standIn: String?)?
}
