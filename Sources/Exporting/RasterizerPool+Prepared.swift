import Drawing

extension RasterizerPool {
    /// The pool for an exporter's prepared animation, reading the files it decoded.
    package convenience init(_ input: PreparedAnimation, imagePatches: ImagePatches = ImagePatches()) {
        self.init(scene: input.scene, graph: input.graph, pdf: input.pdf, imagePatches: imagePatches, decoded: input.decoded)
    }
}
