import CRlottie
import Foundation

/// A Lottie animation loaded by rlottie. rlottie can crash or hang on some files, so tabanim runs this
/// only inside a child process (`IsolatedLottieRenderer`), never in the exporting process itself.
final class RlottieAnimation {
    private let pointer: OpaquePointer
    let width: Int
    let height: Int
    /// Frames rlottie plays, counting from the in point.
    let frameCount: Int

    /// `key` names the file in rlottie's cache: rlottie aborts the process on a NULL key, so one is always given,
    /// and "" as resource path (icons embed no images).
    init(data: Data, key: String) throws(CLibraryError) {
        var bytes = [CChar](repeating: 0, count: data.count + 1)  // rlottie wants a NUL-terminated string
        data.withUnsafeBytes { raw in
            for (i, byte) in raw.enumerated() { bytes[i] = CChar(bitPattern: byte) }
        }
        guard let animation = lottie_animation_from_data(bytes, key, "") else {
            throw CLibraryError(library: "rlottie", function: "lottie_animation_from_data",
                                message: "rlottie could not load it (invalid or unsupported Lottie JSON)")
        }
        pointer = animation
        var w = 0, h = 0
        lottie_animation_get_size(animation, &w, &h)
        width = w
        height = h
        frameCount = lottie_animation_get_totalframe(animation)
    }

    deinit { lottie_animation_destroy(pointer) }

    /// Frame `index` (from the in point) drawn into `width × height` premultiplied ARGB32 pixels, the canvas
    /// scaled to fit.
    func render(frame index: Int, width: Int, height: Int) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            lottie_animation_render(pointer, index, buffer.baseAddress, width, height, width * 4)
        }
        return pixels
    }
}
