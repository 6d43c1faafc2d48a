import Foundation
import struct Basics.JSONNode

/// Step one of reading a file: JSON → `LottieAnimation`, every size bounded, every unsupported feature
/// named. `LottieAnimation(data:)` is the way in.
struct LottieDecoder {
    var unsupported: Set<String> = []
    /// What is drawn as lottie-ios draws it, not as After Effects shows it, or otherwise than lottie-ios
    /// would (text animators), for `LottieAnimation.warnings`.
    var notes: [LottieFileError] = []
    var notedMessages: Set<String> = []
    private var layerCount = 0
    private var itemCount = 0

    init() {}

    private var keyframes: KeyframeDecoder { KeyframeDecoder() }

    mutating func decode(_ root: LottieJSON) throws(LottieFileError) -> LottieAnimation {
        guard case .object = root.value else { throw LottieFileError("", "not a Lottie animation (no top-level object)") }
        let w = try root.required("w").number(), h = try root.required("h").number()
        let fr = try root.required("fr").number(), ip = try root.required("ip").number(), op = try root.required("op").number()
        guard w > 0, h > 0 else { throw LottieFileError("w", "the canvas is \(w)×\(h): nothing to draw") }
        guard fr > 0 else { throw LottieFileError("fr", "frame rate \(fr) is not positive") }
        guard op > ip else { throw LottieFileError("op", "no frames (out point \(op) is not after in point \(ip))") }
        // `ddd` layers draw: their `rx` and `ry` flattened as lottie-ios's (`LottieTransform.matrix`).

        var precomps: [String: [Layer]] = [:], images: [String: ImageAsset] = [:], paths: [String: String] = [:]
        for asset in root.child("assets")?.elements ?? [] {
            guard let id = try? asset.required("id").string() else { continue }
            if let layers = asset.child("layers") {
                precomps[id] = try self.layers(layers)
                paths[id] = layers.path
            } else if let p = asset.child("p"), case .string(let uri) = p.value {
                if let data = Self.dataURI(uri) {
                    if !data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { unsupported.insert("embedded images other than PNG") }
                    images[id] = ImageAsset(data: data, width: try asset.number("w", default: 0), height: try asset.number("h", default: 0))
                } else {
                    unsupported.insert("external image assets")
                }
            }
        }
        let layers = try self.layers(try root.required("layers"))
        return LottieAnimation(width: w, height: h, frameRate: fr, inPoint: ip, outPoint: op, layers: layers,
                               precomps: precomps, images: images, unsupportedFeatures: unsupported.sorted(), warnings: notes,
                               precompKeyPaths: paths, fonts: try fonts(root), glyphs: try glyphs(root))
    }

    /// The bytes of a base64 `data:` URI.
    static func dataURI(_ uri: String) -> Data? {
        guard uri.hasPrefix("data:"), let comma = uri.firstIndex(of: ","), uri[..<comma].hasSuffix(";base64") else { return nil }
        return Data(base64Encoded: String(uri[uri.index(after: comma)...]), options: .ignoreUnknownCharacters)
    }

    // MARK: - Layers

    private mutating func layers(_ json: LottieJSON) throws(LottieFileError) -> [Layer] {
        guard let items = json.elements else { throw LottieFileError(json.path, "expected an array of layers, found \(json.typeName)") }
        var out: [Layer] = []
        for item in items {
            layerCount += 1
            guard layerCount <= LottieLimits.maxLayers else {
                throw LottieFileError(item.path, "more than \(LottieLimits.maxLayers) layers")
            }
            out.append(try layer(item))
        }
        return out
    }

    private mutating func layer(_ json: LottieJSON) throws(LottieFileError) -> Layer {
        let type = try json.required("ty").integer()
        let content: Layer.Content
        switch type {
        case 0:
            content = .precomp(id: try json.required("refId").string(), width: try json.number("w", default: 0),
                               height: try json.number("h", default: 0))
        case 1:
            content = .solid(Self.color(hex: (try? json.required("sc").string()) ?? "#000000"),
                             width: try json.number("sw", default: 0), height: try json.number("sh", default: 0))
        case 2: content = .image(id: try json.required("refId").string())
        case 3: content = .none
        case 4: content = .shapes(try shapes(try json.required("shapes"), depth: 0))
        case 5: content = try text(json).map { .text($0) } ?? .none
        // Audio, guide, camera, light and data layers draw nothing in lottie-ios either: no warning.
        case 6, 11, 13, 14, 15: content = .none
        default: unsupported.insert("layer type \(type)"); content = .none
        }
        let shadow = try dropShadow(json)
        let blendCode = try json.integer("bm", default: 0)
        let blendMode = BlendMode(rawValue: blendCode) ?? .normal
        if blendCode == 16 {
            note("\(json.path).bm", "blend mode 16 (add) is drawn as normal: lottie-ios has no add mode (its BlendMode ends at 15, luminosity)")
        } else if BlendMode(rawValue: blendCode) == nil {
            unsupported.insert("blend mode \(blendCode)")
        }
        let stretch = try json.number("sr", default: 1)
        var masks: [MaskProperty] = []
        for mask in json.child("masksProperties")?.elements ?? [] {
            noteExpressions(mask)
            let code = (try? mask.required("mode").string()) ?? "a"
            // As lottie-ios draws them (`MaskMode.usableMode`, in both its engines): lighten ("l") as add,
            // difference ("f") as intersect; darken it keeps, and draws as nothing tabanim can match.
            let mode: Mask.Mode = ["a": .add, "s": .subtract, "i": .intersect, "l": .add, "d": .darken, "f": .intersect, "n": .none][code] ?? .add
            if mode == .darken { unsupported.insert("mask mode \(code)") }
            // lottie-ios reads `x` and never applies it: its Core Animation engine's `MaskCompositionLayer` draws
            // `pt` as it stands, its Main Thread engine's `MaskContainerLayer` updates the expansion and draws
            // the path without it.
            if let expansion = mask.child("x"), (try? KeyframeDecoder().vector(expansion))?.isZero == false {
                note(expansion.path, "mask expansion (x) is not applied: lottie-ios does not apply it either")
            }
            masks.append(MaskProperty(mode: mode, path: try keyframes.shape(try mask.required("pt")),
                                      opacity: try keyframes.vector(mask, "o", default: [100]), inverted: mask.child("inv")?.bool ?? false))
        }
        var matte: MatteMode?
        if let tt = json.child("tt") {
            let code = try tt.integer()
            matte = MatteMode(rawValue: code)
            if matte == nil, code != 0 { unsupported.insert("track matte mode \(code)") }
        }
        return Layer(index: try json.child("ind")?.integer(), parent: try json.child("parent")?.integer(),
                     name: (try? json.required("nm").string()) ?? "", content: content,
                     inPoint: try json.number("ip", default: 0), outPoint: try json.number("op", default: 0),
                     startTime: try json.number("st", default: 0), timeStretch: stretch == 0 ? 1 : stretch,
                     transform: try transform(json.child("ks")), autoOrient: json.child("ao")?.bool ?? false,
                     hidden: json.child("hd")?.bool ?? false, matteMode: matte, isMatteSource: json.child("td")?.bool ?? false,
                     matteParent: try json.child("tp")?.integer(), masks: masks, blendMode: blendMode,
                     timeRemap: try json.child("tm").map { (t: LottieJSON) throws(LottieFileError) in try keyframes.vector(t) },
                     dropShadow: shadow)
    }

    /// `#rrggbb` (a solid layer's `sc`).
    static func color(hex: String) -> RGBA {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        let value = UInt32(digits, radix: 16) ?? 0
        return RGBA(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255, alpha: 1)
    }

    mutating func transform(_ json: LottieJSON?) throws(LottieFileError) -> LottieTransform {
        guard let json else { return .identity }
        noteExpressions(json)
        let k = keyframes
        let position: LottieTransform.Position
        if let p = json.child("p"), p.child("s")?.bool == true {
            position = .split(x: try k.vector(p, "x", default: [0]), y: try k.vector(p, "y", default: [0]))
        } else {
            position = .combined(try k.vector(json, "p", default: [0, 0]))
        }
        // lottie-ios reads `rx`, `ry` and `rz` (its `Transform.CodingKeys`), never the orientation `or`, which
        // After Effects writes on every 3D layer (mostly [0, 0, 0]): it is read past as the app plays it.
        var transform = LottieTransform(anchor: try k.vector(json, "a", default: [0, 0]), position: position,
                               scale: try k.vector(json, "s", default: [100, 100]),
                               rotation: json.has("r") ? try k.vector(json, "r", default: [0]) : try k.vector(json, "rz", default: [0]),
                               opacity: try k.vector(json, "o", default: [100]),
                               skew: try k.vector(json, "sk", default: [0]), skewAxis: try k.vector(json, "sa", default: [0]),
                               startOpacity: try json.child("so").map { (v: LottieJSON) throws(LottieFileError) in try k.vector(v) },
                               endOpacity: try json.child("eo").map { (v: LottieJSON) throws(LottieFileError) in try k.vector(v) })
        transform.rotationX = try k.vector(json, "rx", default: [0])
        transform.rotationY = try k.vector(json, "ry", default: [0])
        return transform
    }

    /// Any `x` (expression) in `json`'s properties, to depth 4: reported, not run. lottie-ios does not run
    /// them either: its `KeyframeGroup` decodes `k` and has no key for `x`, so every property plays its
    /// keyframes, as here (`KeyframeDecoder`).
    mutating func noteExpressions(_ json: LottieJSON) {
        if Self.hasExpression(json.node, depth: 0) {
            note(json.path, "expressions are not run: lottie-ios does not run them either; their properties play their keyframes")
        }
    }

    /// On the raw values, without a key path per child: this runs on every shape item and transform.
    private static func hasExpression(_ node: JSONNode, depth: Int) -> Bool {
        guard depth < 4, case .object(let o) = node.value else { return false }
        if o.contains(where: { if $0.key == "x", case .string(let x) = $0.node.value { return !x.isEmpty } else { return false } }) { return true }
        return o.contains { hasExpression($0.node, depth: depth + 1) }
    }

    // MARK: - Shapes

    mutating func shapes(_ json: LottieJSON, depth: Int) throws(LottieFileError) -> [ShapeItem] {
        guard depth < LottieLimits.maxGroupDepth else {
            throw LottieFileError(json.path, "shape groups nested deeper than \(LottieLimits.maxGroupDepth) levels")
        }
        guard let items = json.elements else { throw LottieFileError(json.path, "expected an array of shapes, found \(json.typeName)") }
        var out: [ShapeItem] = []
        for item in items {
            itemCount += 1
            guard itemCount <= LottieLimits.maxShapeItems else {
                throw LottieFileError(item.path, "more than \(LottieLimits.maxShapeItems) shape items")
            }
            if item.child("hd")?.bool == true { continue }
            out.append(try shape(item, depth: depth))
        }
        return out
    }
}
