import CCairo
import CRsvg
import Foundation

/// An SVG image parsed by librsvg, ready to draw with cairo.
/// Parsed from memory with no base file, so it can reach no other file and no network.
final class SVGDocument {
    private let handle: UnsafeMutablePointer<RsvgHandle>

    init(data: Data) throws(CLibraryError) {
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else {
            let message = String(cString: tabanim_gerror_message(error)).trimmingCharacters(in: .whitespacesAndNewlines)
            if let error { g_error_free(error) }
            throw CLibraryError(library: "librsvg", function: "rsvg_handle_new_from_data", message: message)
        }
        self.handle = handle
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Renders the document fitted into the rectangle (its own `preserveAspectRatio`, by default centred).
    func render(in context: CairoContext, x: Double, y: Double, width: Double, height: Double) throws(CLibraryError) {
        var viewport = RsvgRectangle(x: x, y: y, width: width, height: height)
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(handle, context.pointer, &viewport, &error) != 0 else {
            let message = String(cString: tabanim_gerror_message(error)).trimmingCharacters(in: .whitespacesAndNewlines)
            if let error { g_error_free(error) }
            throw CLibraryError(library: "librsvg", function: "rsvg_handle_render_document", message: message)
        }
    }
}
