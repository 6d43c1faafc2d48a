import CGif
import Drawing
import Graphics
import Outputs

/// giflib's error code as a Swift error naming the C function. (giflib writes tabanim's GIFs, see
/// `GIFStreamWriter`, and reads them back, see `DecodedGIF`.)
func gifError(_ code: Int32, _ function: String) -> CLibraryError {
    let message = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    return CLibraryError(library: "giflib", function: function, message: message)
}
