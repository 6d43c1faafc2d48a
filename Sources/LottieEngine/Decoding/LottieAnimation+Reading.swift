import Foundation

extension LottieAnimation {
    /// Reads a Lottie file's bytes. Throws with the JSON key path of the first problem.
    public init(data: Data) throws(LottieFileError) {
        guard data.count <= LottieLimits.maxFileBytes else {
            throw LottieFileError("", "\(data.count) bytes is more than the limit of \(LottieLimits.maxFileBytes)")
        }
        let raw: Any
        do { raw = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw LottieFileError("", "not valid JSON (\(reason))")
        }
        try Self.checkDepth(raw, depth: 0)
        var decoder = LottieDecoder()
        self = try decoder.decode(LottieJSON(raw: raw, path: ""))
        try checkReferences()
    }

    /// Deeper documents are refused before any recursive reading (JSONSerialization itself stops at 512).
    private static func checkDepth(_ value: Any, depth: Int) throws(LottieFileError) {
        guard depth <= LottieLimits.maxJSONDepth else {
            throw LottieFileError("", "nesting deeper than \(LottieLimits.maxJSONDepth) levels")
        }
        if let o = value as? [String: Any] { for v in o.values { try checkDepth(v, depth: depth + 1) } }
        else if let a = value as? [Any] { for v in a { try checkDepth(v, depth: depth + 1) } }
    }

    /// Every precomp and image a layer names exists, and no precomp contains itself, however indirectly.
    private func checkReferences() throws(LottieFileError) {
        var checked = Set<String>()  // each precomp's inside is checked once, however often it is used
        func visit(_ layers: [Layer], path: String, chain: [String]) throws(LottieFileError) {
            guard chain.count <= LottieLimits.maxPrecompDepth else {
                throw LottieFileError(path, "precomps nested deeper than \(LottieLimits.maxPrecompDepth) levels")
            }
            for (n, layer) in layers.enumerated() {
                switch layer.content {
                case .precomp(let id, _, _):
                    guard let inner = precomps[id] else { throw LottieFileError("\(path)[\(n)].refId", "no asset has id \"\(id)\"") }
                    guard !chain.contains(id) else {
                        throw LottieFileError("\(path)[\(n)].refId", "precomp \"\(id)\" contains itself (\((chain + [id]).joined(separator: " → ")))")
                    }
                    guard !checked.contains(id) else { continue }
                    try visit(inner, path: precompKeyPaths[id] ?? "assets", chain: chain + [id])
                    checked.insert(id)
                case .image(let id):
                    guard images[id] != nil else { throw LottieFileError("\(path)[\(n)].refId", "no embedded image asset has id \"\(id)\"") }
                default: break
                }
            }
        }
        try visit(layers, path: "layers", chain: [])
    }
}
