import CPangoCairo  // glib, which pango brings, has the checksum
import Foundation

/// SHA-256 through glib's `GChecksum`: the review page's Content-Security-Policy names its one script by hash.
package enum SHA256 {
    package static func digest(_ data: Data) throws(CLibraryError) -> Data {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else {
            throw CLibraryError(library: "glib", function: "g_checksum_new", message: "SHA-256 unavailable")
        }
        defer { g_checksum_free(checksum) }
        data.withUnsafeBytes { bytes in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return }
            g_checksum_update(checksum, base, bytes.count)
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var length = digest.count
        g_checksum_get_digest(checksum, &digest, &length)
        return Data(digest.prefix(length))
    }
}
