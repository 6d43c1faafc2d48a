import struct Basics.JSONNode
import struct Basics.JSONParser
import Foundation

extension LottieAnimation {
    /// Reads a Lottie file's bytes. Throws with the JSON key path of the first problem.
    public init(data: Data) throws(LottieFileError) {
        guard data.count <= LottieLimits.maxFileBytes else {
            throw LottieFileError("", "\(data.count) bytes is more than the limit of \(LottieLimits.maxFileBytes)")
        }
        var parser = JSONParser(data: data)
        parser.maxDepth = LottieLimits.maxJSONDepth + 2  // the budget bounds containers; values sit one deeper
        parser.rejectsDuplicateKeys = false  // After Effects' exporters write some keys twice; the last is read
        var budget = LottieBudget()  // every count bounded as it is parsed: parsing is the costly part
        let root: JSONNode
        do { root = try parser.parse(within: &budget) } catch {
            switch error {
            case .refused(let refusal): throw refusal
            case .syntax(let error): throw LottieFileError("", "not valid JSON (line \(error.line), column \(error.column): \(error.message))")
            }
        }
        var decoder = LottieDecoder()
        self = try decoder.decode(LottieJSON(root, path: ""))
        try checkReferences()
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
