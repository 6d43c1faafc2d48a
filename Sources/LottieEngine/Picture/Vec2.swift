import Foundation

/// A point or vector in a Lottie layer's own coordinates (y grows downwards, as in After Effects).
public struct Vec2: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Vec2(0, 0)

    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vec2, k: Double) -> Vec2 { Vec2(a.x * k, a.y * k) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public func lerp(_ to: Vec2, _ t: Double) -> Vec2 { Vec2(x + (to.x - x) * t, y + (to.y - y) * t) }
}

/// An affine transform in Core Graphics' and cairo's layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct Affine: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    /// Clockwise on screen for a positive angle (y down), as After Effects rotates.
    public static func rotation(degrees: Double) -> Affine {
        let r = degrees * .pi / 180
        return Affine(a: cos(r), b: sin(r), c: -sin(r), d: cos(r), tx: 0, ty: 0)
    }

    /// `self` applied after `first`: (self ∘ first)(p) = self(first(p)).
    public func concatenating(_ first: Affine) -> Affine {
        Affine(a: a * first.a + c * first.b, b: b * first.a + d * first.b,
               c: a * first.c + c * first.d, d: b * first.c + d * first.d,
               tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    public func apply(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// A direction (no translation).
    public func applyLinear(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y, b * p.x + d * p.y) }
    public var determinant: Double { a * d - b * c }
    public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }
    /// Whether it maps the plane onto the plane, not onto a line or a point: a layer scaled to 0 or turned
    /// edge-on in 3D (cos 90° is 6e-17, not 0) draws nothing in Core Animation, and cairo refuses the
    /// matrix or runs out of memory inverting it. The threshold, 1e-10 of the squared scale, is chosen:
    /// far below anything visible (a 100 pt layer at 0.001 % of its size is 0.001 pt).
    /// How thin it draws: the smaller of its two singular values, the least length a unit vector keeps
    /// (a layer scaled to (0.5, 2) is 0.5; a squash or a flip passing through 0 nears 0).
    public var thinnerScale: Double {
        let sum = a * a + b * b + c * c + d * d, det = abs(determinant)
        let larger = ((sum + (max(0, sum * sum - 4 * det * det)).squareRoot()) / 2).squareRoot()
        return larger > 0 ? det / larger : 0
    }
    public var isInvertible: Bool {
        let det = determinant
        return det.isFinite && abs(det) > 1e-10 * max(1, a * a + b * b + c * c + d * d)
    }
}
