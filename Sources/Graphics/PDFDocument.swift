import CCairo
import CPoppler
import Foundation

/// A PDF read by poppler from memory (no base file: it reaches no other file), for the vector PDFs of
/// asset catalogs' image sets. Xcode draws such a PDF from its first page; `firstPageSVG()` turns that
/// page into an SVG through cairo's SVG surface once, so that every exporter draws it as it draws any
/// SVG icon (the rasterizer through librsvg, the SVG writer embedding it).
///
/// Bounded before poppler sees a byte: `maximumSize`; then `maximumPages` and `maximumSide`. The command
/// line runs this in a child process (`PDFConverting.swift`), so that a file that crashes
/// or hangs poppler becomes one message; tests and the fuzz targets call it in their own process.
package final class PDFDocument {
    /// An icon's PDF is a few kilobytes; 4 MiB holds any drawing an icon needs.
    package static let maximumSize = 4 << 20
    /// An icon is one page (Xcode reads the first); a file with more is not an icon.
    static let maximumPages = 16
    /// Points on a side: 10 000 pt is 3.5 m, larger than any artboard an icon is drawn on.
    package static let maximumSide = 10_000.0

    private let handle: OpaquePointer

    package init(data: Data) throws(CLibraryError) {
        guard data.count <= Self.maximumSize else {
            throw CLibraryError(library: "poppler", function: "poppler_document_new_from_bytes",
                                message: "the PDF is \(data.count) bytes, more than an icon's limit of \(Self.maximumSize)")
        }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            let message = String(cString: tabanim_poppler_error_message(error))
            if let error { g_error_free(error) }
            throw CLibraryError(library: "poppler", function: "poppler_document_new_from_bytes", message: message)
        }
        handle = document
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    var pageCount: Int { Int(poppler_document_get_n_pages(handle)) }

    /// The first page as an SVG document of the page's size in points.
    package func firstPageSVG() throws(CLibraryError) -> Data {
        let count = pageCount
        guard count > 0 else { throw CLibraryError(library: "poppler", function: "poppler_document_get_n_pages", message: "the PDF has no page") }
        guard count <= Self.maximumPages else {
            throw CLibraryError(library: "poppler", function: "poppler_document_get_n_pages",
                                message: "the PDF has \(count) pages, more than an icon's limit of \(Self.maximumPages)")
        }
        guard let page = poppler_document_get_page(handle, 0) else {
            throw CLibraryError(library: "poppler", function: "poppler_document_get_page", message: "its first page cannot be read")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= Self.maximumSide, height <= Self.maximumSide else {
            throw CLibraryError(library: "poppler", function: "poppler_page_get_size",
                                message: "its first page is \(width) × \(height) pt; an icon's page is 1 to \(Int(Self.maximumSide)) pt on a side")
        }
        var output = Data()
        let status = withUnsafeMutablePointer(to: &output) { out -> cairo_status_t in
            guard let surface = cairo_svg_surface_create_for_stream({ closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                closure.assumingMemoryBound(to: Data.self).pointee.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, out, width, height) else { return CAIRO_STATUS_NO_MEMORY }
            defer { cairo_surface_destroy(surface) }
            guard let context = cairo_create(surface) else { return CAIRO_STATUS_NO_MEMORY }
            poppler_page_render(page, context)
            let drawn = cairo_status(context)
            cairo_destroy(context)
            cairo_surface_finish(surface)
            return drawn != CAIRO_STATUS_SUCCESS ? drawn : cairo_surface_status(surface)
        }
        try checkCairo(status, "cairo_svg_surface_create_for_stream")
        return output
    }
}
