import Basics
import Foundation

/// Reads a PNG's size from its header (signature, then the IHDR chunk's width and height, big-endian),
/// without decoding it: layout needs the aspect ratio, and this keeps `Scene` free of C libraries.
public enum PNGHeader {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func pixelSize(of url: URL) -> Size? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 24) else { return nil }
        return pixelSize(header: [UInt8](data))
    }

    public static func pixelSize(header bytes: [UInt8]) -> Size? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = bigEndian(16), height = bigEndian(20)
        guard width > 0, height > 0 else { return nil }
        return Size(width: Double(width), height: Double(height))
    }
}
