import Foundation

extension LottieTransform {
    /// The position at `frame`, split dimensions joined.
    func position(at frame: Double, _ options: EvaluationOptions) -> Vec2 {
        switch position {
        case .combined(let p): return p.value(at: frame, options: options).point
        case .split(let x, let y): return Vec2(x.value(at: frame, options: options).x, y.value(at: frame, options: options).x)
        }
    }

    /// The matrix at `frame`: position · rotation · skew · scale · (−anchor), the order of After Effects,
    /// lottie-ios (`LayerTransformNode`) and lottie-web. `autoOrient` adds the angle of the position's path.
    func matrix(at frame: Double, _ options: EvaluationOptions, autoOrient: Bool = false) -> Affine {
        let a = anchor.value(at: frame, options: options).point
        let p = position(at: frame, options)
        let s = scale.value(at: frame, options: options)
        var r = rotation.value(at: frame, options: options).x
        if autoOrient {
            let ahead = position(at: frame + 0.01, options), behind = position(at: frame - 0.01, options)
            if ahead != behind { r += atan2(ahead.y - behind.y, ahead.x - behind.x) * 180 / .pi }
        }
        var m = Affine.translation(p.x, p.y).concatenating(.rotation(degrees: r))
        let sk = skew.value(at: frame, options: options).x
        if sk != 0 {
            // Skew along the axis `sa`: R(sa) · shear(tan(−sk)) · R(−sa), as lottie-ios's `CATransform3D.makeSkew`
            // (VectorsExtensions.swift) concatenates its three matrices (transform3 first, transform1 last:
            // `CATransform3DConcat(transform3, CATransform3DConcat(transform2, transform1))`, called with
            // `-skew` by `makeTransform`). lottie-web's `Matrix.skewFromAxis` and ThorVG apply the same three
            // the other way round, R(−sa) · shear · R(sa): the same when `sa` is a multiple of 90°, the shear's axis
            // turned by 2·sa otherwise (a mirrored parallelogram). tabanim follows lottie-ios, the app's player.
            let axis = skewAxis.value(at: frame, options: options).x
            let shear = Affine(a: 1, b: 0, c: tan(-sk * .pi / 180), d: 1, tx: 0, ty: 0)
            m = m.concatenating(.rotation(degrees: axis)).concatenating(shear).concatenating(.rotation(degrees: -axis))
        }
        return m.concatenating(.scale(s.x / 100, s.y / 100)).concatenating(.translation(-a.x, -a.y))
    }

    /// `o` at `frame`, 0…1.
    func opacity(at frame: Double, _ options: EvaluationOptions) -> Double {
        min(max(opacity.value(at: frame, options: options).x / 100, 0), 1)
    }
}
