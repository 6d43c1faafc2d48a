import Foundation

/// Layer effects (`ef`) and layer styles (`sy`), read as lottie-ios reads them: of the effects only Drop
/// Shadow (`ty` 25; its `LayerEffectType` knows no other: `Sources/Private/Model/LayerEffects/LayerEffect.swift`),
/// of the styles only Drop Shadow (`ty` 1, `Sources/Private/Model/LayerStyles/DropShadowStyle.swift`). The
/// others (Tint 20, Fill 21, Stroke 22, Gaussian Blur 29, …) are drawn as lottie-ios draws them, not at
/// all, with a warning.
extension LottieDecoder {
    /// After Effects' names of the effects icon files use, by `ty`, for warnings.
    static let effectNames = [20: "Tint", 21: "Fill", 22: "Stroke", 23: "Tritone", 24: "Pro Levels", 25: "Drop Shadow",
                              26: "Radial Wipe", 27: "Displacement Map", 28: "Set Matte", 29: "Gaussian Blur", 31: "Mesh Warp",
                              32: "Wavy", 33: "Spherize", 34: "Puppet"]

    /// The layer's drop shadow, the effect before the style (lottie-ios's `BaseCompositionLayer`: "If both
    /// happen to be present, prefer the `DropShadowEffect`"); every other effect and style is a warning.
    mutating func dropShadow(_ layer: LottieJSON) throws(LottieFileError) -> DropShadowSource? {
        let k = KeyframeDecoder()
        var fromEffect: DropShadowSource?, fromStyle: DropShadowSource?
        for effect in layer.child("ef")?.elements ?? [] {
            let type = (try? effect.integer("ty", default: 0)) ?? 0
            // Expression controls (`ty` 5: Slider, Angle, Checkbox … Control) hold values for expressions and
            // draw nothing, in After Effects too: no warning (the expressions that read them get one).
            if type == 5 { continue }
            guard type == 25 else {
                let name = Self.effectNames[type] ?? ((try? effect.required("nm").string()) ?? "effect")
                note(effect.path, "the \(name) effect (ty \(type)) is not drawn: lottie-ios does not draw it either")
                continue
            }
            guard fromEffect == nil else { continue }
            // Values by their After Effects names, as `DropShadowEffect.value(named:)` finds them.
            var values: [String: LottieJSON] = [:]
            for value in effect.child("ef")?.elements ?? [] {
                noteExpressions(value)
                if let name = try? value.required("nm").string(), values[name] == nil, let v = value.child("v") { values[name] = v }
            }
            func read(_ name: String, _ fallback: [Double]) throws(LottieFileError) -> Animated<Vector> {
                guard let v = values[name] else { return .fixed(Vector(fallback)) }
                return try k.vector(v)
            }
            // A value the file leaves out keeps `CALayer`'s default: no opacity, black, radius 3, offset (0, −3).
            let opacity = try read("Opacity", [0]), direction = try read("Direction", [0])
            fromEffect = DropShadowSource(
                color: try read("Shadow Color", [0, 0, 0, 1]), opacity: Self.mapped(opacity) { $0 * 100 / 255 },
                angle: values["Direction"] == nil ? .fixed(Vector([-90])) : Self.mapped(direction) { $0 - 90 },
                distance: try read("Distance", [3]), softness: try read("Softness", [15]), softnessDivisor: 5)
        }
        for style in layer.child("sy")?.elements ?? [] {
            noteExpressions(style)
            let type = (try? style.integer("ty", default: 0)) ?? 0
            guard type == 1 else {
                note(style.path, "the layer style ty \(type) is not drawn: lottie-ios draws only the drop shadow style (ty 1)")
                continue
            }
            guard fromStyle == nil else { continue }
            fromStyle = DropShadowSource(color: try k.vector(style, "c", default: [0, 0, 0, 1]), opacity: try k.vector(style, "o", default: [0]),
                                         angle: try k.vector(style, "a", default: [-90]), distance: try k.vector(style, "d", default: [3]),
                                         softness: try k.vector(style, "s", default: [6]), softnessDivisor: 2)
        }
        return fromEffect ?? fromStyle
    }

    /// `property` with `f` applied to the first number of every value (an effect's opacity and direction,
    /// which lottie-ios converts the same way).
    private static func mapped(_ property: Animated<Vector>, _ f: (Double) -> Double) -> Animated<Vector> {
        func apply(_ v: Vector) -> Vector { var values = v.values; if !values.isEmpty { values[0] = f(values[0]) }; return Vector(values) }
        switch property {
        case .fixed(let v): return .fixed(apply(v))
        case .keyframed(let keys):
            return .keyframed(keys.map { key in
                var key = key
                key.value = apply(key.value)
                key.endValue = key.endValue.map(apply)
                return key
            })
        }
    }

    /// A warning (what the engine draws as lottie-ios does, which is not what After Effects shows), once per message.
    mutating func note(_ path: String, _ message: String) {
        guard notedMessages.insert(message).inserted else { return }
        notes.append(LottieFileError(path, message, kind: .drawnAsLottieIOS))
    }
}
