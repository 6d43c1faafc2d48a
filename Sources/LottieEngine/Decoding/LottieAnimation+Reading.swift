import Foundation
import struct Basics.JSONNode
import struct Basics.JSONParser

extension LottieAnimation {
    /// Reads a Lottie file's bytes. Throws with the JSON key path of the first problem.
    public init(data: Data) throws(LottieFileError) {
        guard data.count <= LottieLimits.maxFileBytes else {
            throw LottieFileError("", "\(data.count) bytes is more than the limit of \(LottieLimits.maxFileBytes)")
        }
        var parser = JSONParser(data: data)
        parser.maxDepth = LottieLimits.maxJSONDepth + 2  // the bounds refuse containers first; values sit one deeper
        parser.rejectsDuplicateKeys = false  // After Effects' exporters write some keys twice; the last is read
        let root: JSONNode
        do { root = try parser.parse(within: Self.jsonBounds) } catch {
            switch error {
            case .refused(let refusal): throw Self.fileError(refusal)
            case .syntax(let error): throw LottieFileError("", "not valid JSON (line \(error.line), column \(error.column): \(error.message))")
            }
        }
        var decoder = LottieDecoder()
        self = try decoder.decode(LottieJSON(root, path: ""))
        try checkReferences()
    }

    /// What `LottieDecoder` bounds (layers and shape items over the whole file, keyframes per property),
    /// with nesting, array lengths and all JSON objects, counted as the file is parsed: parsing is the
    /// costly part (a node for every value), and a file past a bound is refused where it passes it.
    private static let jsonBounds: JSONParser.Bounds = {
        var bounds = JSONParser.Bounds()
        bounds.depth = LottieLimits.maxJSONDepth
        bounds.arrayLength = LottieLimits.maxArrayLength
        bounds.objects = LottieLimits.maxJSONObjects
        bounds.counts = [.init(keys: ["layers"], limit: LottieLimits.maxLayers, perArray: false),
                         .init(keys: ["shapes", "it"], limit: LottieLimits.maxShapeItems, perArray: false),
                         .init(keys: ["k"], limit: LottieLimits.maxKeyframes, perArray: true)]
        return bounds
    }()

    /// A bound of `jsonBounds` passed, as the engine words it.
    private static func fileError(_ refusal: JSONParser.Refusal) -> LottieFileError {
        switch refusal.bound {
        case .depth: return LottieFileError("", "nesting deeper than \(LottieLimits.maxJSONDepth) levels")
        case .arrayLength: return LottieFileError(refusal.keyPath, "more than \(LottieLimits.maxArrayLength) elements in one array")
        case .objects: return LottieFileError(refusal.keyPath, "more than \(LottieLimits.maxJSONObjects) JSON objects (an icon needs far fewer)")
        case .count(0): return LottieFileError(refusal.keyPath, "more than \(LottieLimits.maxLayers) layers")
        case .count(1): return LottieFileError(refusal.keyPath, "more than \(LottieLimits.maxShapeItems) shape items")
        case .count: return LottieFileError(refusal.keyPath, "more than \(LottieLimits.maxKeyframes) keyframes in one property")
        }
    }

    /// No precomp contains itself, however indirectly (refused: no player can draw it); a precomp or image
    /// that a layer names and no asset has is a warning, once per missing id at its first use (the layer is
    /// skipped, the rest drawn, as lottie-ios does: its Core Animation engine's `PreCompLayer.setup` shows
    /// `precompAssets[referenceID]?.layers ?? []`, its Main Thread engine's `initializeCompositionLayers`
    /// makes a `NullCompositionLayer`, which still parents, for a precomp or image it does not find).
    private mutating func checkReferences() throws(LottieFileError) {
        var checked = Set<String>()  // each precomp's inside is checked once, however often it is used
        var missing = Set<String>()
        var found: [LottieFileError] = []
        func visit(_ layers: [Layer], path: String, chain: [String]) throws(LottieFileError) {
            guard chain.count <= LottieLimits.maxPrecompDepth else {
                throw LottieFileError(path, "precomps nested deeper than \(LottieLimits.maxPrecompDepth) levels")
            }
            for (n, layer) in layers.enumerated() {
                switch layer.content {
                case .precomp(let id, _, _):
                    guard let inner = precomps[id] else {
                        if missing.insert("precomp \(id)").inserted {
                            found.append(LottieFileError("\(path)[\(n)].refId", "no asset has id \"\(id)\": the layer is not drawn", kind: .missingAsset))
                        }
                        continue
                    }
                    guard !chain.contains(id) else {
                        throw LottieFileError("\(path)[\(n)].refId", "precomp cycle: \"\(id)\" contains itself (\((chain + [id]).joined(separator: " → ")))",
                                              kind: .precompCycle)
                    }
                    guard !checked.contains(id) else { continue }
                    try visit(inner, path: precompKeyPaths[id] ?? "assets", chain: chain + [id])
                    checked.insert(id)
                case .image(let id):
                    guard images[id] == nil, missing.insert("image \(id)").inserted else { continue }
                    found.append(LottieFileError("\(path)[\(n)].refId", "no embedded image asset has id \"\(id)\": the layer is not drawn", kind: .missingAsset))
                default: break
                }
            }
        }
        try visit(layers, path: "layers", chain: [])
        warnings = found + warnings
    }
}
