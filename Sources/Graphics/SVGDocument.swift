import Basics
import CCairo
import CRsvg
import Foundation
import Graph

/// An SVG image parsed by librsvg, ready to draw with cairo.
/// Parsed from memory with no base file, so it can reach no other file and no network.
package final class SVGDocument {
    private let handle: UnsafeMutablePointer<RsvgHandle>

    package init(data: Data) throws(CLibraryError) {
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

    /// Where `render` into the rectangle puts ink (strokes included); nil when librsvg cannot tell.
    package func inkRect(x: Double, y: Double, width: Double, height: Double) -> Rect? {
        var viewport = RsvgRectangle(x: x, y: y, width: width, height: height)
        var ink = RsvgRectangle(), logical = RsvgRectangle()
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_get_geometry_for_layer(handle, nil, &viewport, &ink, &logical, &error) != 0 else {
            if let error { g_error_free(error) }
            return nil
        }
        return Rect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
    }

    /// Renders the document fitted into the rectangle (its own `preserveAspectRatio`, by default centred).
    package func render(in context: CairoContext, x: Double, y: Double, width: Double, height: Double) throws(CLibraryError) {
        var viewport = RsvgRectangle(x: x, y: y, width: width, height: height)
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(handle, context.pointer, &viewport, &error) != 0 else {
            let message = String(cString: tabanim_gerror_message(error)).trimmingCharacters(in: .whitespacesAndNewlines)
            if let error { g_error_free(error) }
            throw CLibraryError(library: "librsvg", function: "rsvg_handle_render_document", message: message)
        }
    }
}
