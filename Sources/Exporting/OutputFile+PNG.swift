import Basics
import Foundation
import Graph
import Graphics
import Outputs
import Scene

extension OutputFile {
    /// Writes `surface` as a PNG file, atomically.
    package func write(png surface: ImageSurface) throws {
        let data: Data
        do {
            data = try surface.pngData()
        } catch {
            throw SceneError(.write, file: displayName, keyPath: nil, "encoding the PNG failed: \(error)")
        }
        try write(data)
    }

}
