import Foundation

extension LottieDecoder {
    /// One shape item by its `ty`.
    mutating func shape(_ json: LottieJSON, depth: Int) throws(LottieFileError) -> ShapeItem {
        let k = KeyframeDecoder()
        let type = (try? json.required("ty").string()) ?? ""
        if type != "gr" { noteExpressions(json) }
        if (try? json.integer("bm", default: 0)) ?? 0 != 0 {
            // lottie-ios's `ShapeItem` decodes no `bm`: a shape's blend mode is never drawn there.
            note("\(json.path).bm", "a shape's blend mode (bm) is not drawn: lottie-ios does not draw it either")
        }
        let reversed = (try? json.integer("d", default: 1)) == 3
        switch type {
        case "gr":
            let items = try shapes(try json.required("it"), depth: depth + 1)
            let tr = json.child("it")?.elements?.last(where: { (try? $0.required("ty").string()) == "tr" })
            return .group(items, try transform(tr))
        case "tr": return .transform
        case "sh": return .path(try k.shape(try json.required("ks")), reversed: reversed)
        case "rc":
            return .rectangle(position: try k.vector(json, "p", default: [0, 0]), size: try k.vector(json, "s", default: [0, 0]),
                              roundness: try k.vector(json, "r", default: [0]), reversed: reversed)
        case "el":
            return .ellipse(position: try k.vector(json, "p", default: [0, 0]), size: try k.vector(json, "s", default: [0, 0]), reversed: reversed)
        case "sr":
            return .polystar(Polystar(
                isStar: (try json.integer("sy", default: 1)) == 1, points: try k.vector(json, "pt", default: [5]),
                position: try k.vector(json, "p", default: [0, 0]), rotation: try k.vector(json, "r", default: [0]),
                innerRadius: try k.vector(json, "ir", default: [0]), outerRadius: try k.vector(json, "or", default: [0]),
                innerRoundness: try k.vector(json, "is", default: [0]), outerRoundness: try k.vector(json, "os", default: [0]),
                reversed: reversed))
        case "fl", "gf":
            return .fill(FillItem(paint: try paint(json, gradient: type == "gf"), opacity: try k.vector(json, "o", default: [100]),
                                  rule: (try json.integer("r", default: 1)) == 2 ? .evenOdd : .nonZero))
        case "st", "gs":
            var dashes: [(isGap: Bool, length: Animated<Vector>)] = []
            var offset: Animated<Vector>?
            for dash in json.child("d")?.elements ?? [] {
                let name = (try? dash.required("n").string()) ?? "d"
                let value = try k.vector(dash, "v", default: [0])
                if name == "o" { offset = value } else { dashes.append((name == "g", value)) }
            }
            let caps: [Int: StrokeStyle.Cap] = [1: .butt, 2: .round, 3: .square]
            let joins: [Int: StrokeStyle.Join] = [1: .miter, 2: .round, 3: .bevel]
            return .stroke(StrokeItem(paint: try paint(json, gradient: type == "gs"), opacity: try k.vector(json, "o", default: [100]),
                                      width: try k.vector(json, "w", default: [1]),
                                      cap: caps[try json.integer("lc", default: 2)] ?? .round,
                                      join: joins[try json.integer("lj", default: 2)] ?? .round,
                                      miterLimit: try json.number("ml", default: 4), dashes: dashes, dashOffset: offset))
        case "tm":
            return .trim(TrimItem(start: try k.vector(json, "s", default: [0]), end: try k.vector(json, "e", default: [100]),
                                  offset: try k.vector(json, "o", default: [0]), individually: (try json.integer("m", default: 1)) == 2))
        case "rd": return .roundCorners(try k.vector(json, "r", default: [0]))
        case "rp":
            let tr = try transform(json.child("tr"))
            return .repeater(RepeaterItem(copies: try k.vector(json, "c", default: [1]), offset: try k.vector(json, "o", default: [0]),
                                          newCopiesAbove: (try json.integer("m", default: 1)) == 1, transform: tr))
        case "mm":
            let mode = try json.integer("mm", default: 1)
            let boolean = MergeMode(rawValue: mode)
            if mode != 1, boolean == nil { unsupported.insert("merge paths mode \(mode)") }
            return .merge(boolean)
        default:
            unsupported.insert(type.isEmpty ? "shape without a type" : "shape type \(type)")
            return .ignored
        }
    }

    private func paint(_ json: LottieJSON, gradient: Bool) throws(LottieFileError) -> PaintSource {
        let k = KeyframeDecoder()
        guard gradient else { return .color(try k.vector(json, "c", default: [0, 0, 0, 1])) }
        let g = try json.required("g")
        return .gradient(GradientSource(
            isRadial: (try json.integer("t", default: 1)) == 2, start: try k.vector(json, "s", default: [0, 0]),
            end: try k.vector(json, "e", default: [0, 0]), colorStopCount: max(0, min(try g.integer("p", default: 0), 1000)),
            stops: try k.vector(try g.required("k")), highlightLength: try json.child("h").map { (v: LottieJSON) throws(LottieFileError) in try k.vector(v) },
            highlightAngle: try json.child("a").map { (v: LottieJSON) throws(LottieFileError) in try k.vector(v) }))
    }
}
