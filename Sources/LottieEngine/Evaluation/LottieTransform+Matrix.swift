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
        var m = Affine.translation(p.x, p.y).concatenating(flattenedRotation(at: frame, options, z: r))
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

    /// Rx · Ry · Rz flattened onto the screen, as lottie-ios draws a 3D layer: its `CATransform3D.makeTransform`
    /// (Sources/Private/Utility/Primitives/VectorsExtensions.swift) rotates `.rotated(rotationX, axis: .x)`,
    /// then y, then z, with no perspective (`m34` stays 0, and no camera layer adds one), and each layer is a
    /// `CALayer`, which flattens what it draws onto its own plane: every transform is its 4 × 4 matrix seen
    /// orthographically, the x and y columns of its x and y rows. `CATransform3DMakeRotation`'s signs, in
    /// column form with y down: Rx = [1 0 0; 0 c −s; 0 s c], Ry = [c 0 s; 0 1 0; −s 0 c], Rz the 2D rotation.
    /// Without `rx` and `ry` it is `Affine.rotation(degrees: z)`.
    func flattenedRotation(at frame: Double, _ options: EvaluationOptions, z: Double) -> Affine {
        let x = rotationX.value(at: frame, options: options).x, y = rotationY.value(at: frame, options: options).x
        guard x != 0 || y != 0 else { return .rotation(degrees: z) }
        let (cx, sx) = (cos(x * .pi / 180), sin(x * .pi / 180))
        let (cy, sy) = (cos(y * .pi / 180), sin(y * .pi / 180))
        let (cz, sz) = (cos(z * .pi / 180), sin(z * .pi / 180))
        // Rx · Ry, then its x and y rows times Rz's x and y columns (Rz leaves z alone, so z plays no part).
        let rxy = [[cy, 0, sy], [sx * sy, cx, -sx * cy]]
        let rz = [[cz, -sz], [sz, cz]]
        func entry(_ i: Int, _ j: Int) -> Double { rxy[i][0] * rz[0][j] + rxy[i][1] * rz[1][j] }
        return Affine(a: entry(0, 0), b: entry(1, 0), c: entry(0, 1), d: entry(1, 1), tx: 0, ty: 0)
    }

    /// `o` at `frame`, 0…1.
    func opacity(at frame: Double, _ options: EvaluationOptions) -> Double {
        min(max(opacity.value(at: frame, options: options).x / 100, 0), 1)
    }
}
