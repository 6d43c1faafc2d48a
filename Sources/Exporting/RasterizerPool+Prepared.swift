import Drawing

extension RasterizerPool {
    /// The pool for an exporter's prepared animation.
    package convenience init(_ input: PreparedAnimation, imagePatches: ImagePatches = ImagePatches(), decoded: DecodedAssets = DecodedAssets()) {
        self.init(scene: input.scene, graph: input.graph, pdf: input.pdf, imagePatches: imagePatches, decoded: decoded)
    }
}
