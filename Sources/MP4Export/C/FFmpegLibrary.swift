import CFFmpeg
import Drawing
import Graphics

/// FFmpeg's functions, loaded the first time an MP4 is written: they are not linked (see `shim.h`), so
/// that a GIF, an SVG or a PNG frame does not spend time at start loading the many libraries it never calls.
enum FFmpegLibrary {
    /// The table of functions, or why FFmpeg's libraries cannot be used here.
    static func functions() throws(CLibraryError) -> TabanimFFmpeg { try loaded.get() }

    private static let loaded: Result<TabanimFFmpeg, CLibraryError> = {
        var error = [CChar](repeating: 0, count: 512)
        guard let table = tabanim_ffmpeg_load(&error, error.count) else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Debian names the packages by the libraries' major versions, those of the headers built against.
            let packages = "libavformat\(LIBAVFORMAT_VERSION_MAJOR) libswscale\(LIBSWSCALE_VERSION_MAJOR)"
            return .failure(CLibraryError(library: "FFmpeg", function: "dlopen",
                                          message: "\(reason): install FFmpeg's libraries (Debian: apt-get install \(packages); macOS: brew install ffmpeg)"))
        }
        return .success(table.pointee)
    }()
}
