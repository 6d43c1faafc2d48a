import CXML2
import Drawing
import Foundation
import Graphics
import Outputs

/// Builds an XML document in memory with libxml2's text writer (escaping and well-formedness are its job).
final class XMLWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr

    init() throws(CLibraryError) {
        guard let buffer = xmlBufferCreate() else {
            throw CLibraryError(library: "libxml2", function: "xmlBufferCreate", message: "out of memory")
        }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            throw CLibraryError(library: "libxml2", function: "xmlNewTextWriterMemory", message: "out of memory")
        }
        self.buffer = buffer
        self.writer = writer
        xmlTextWriterSetIndent(writer, 1)
        xmlTextWriterSetIndentString(writer, " ")
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    private func check(_ result: Int32, _ function: String) throws(CLibraryError) {
        guard result >= 0 else { throw CLibraryError(library: "libxml2", function: function, message: "write failed") }
    }

    func startDocument() throws(CLibraryError) {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
    }

    func start(_ name: String) throws(CLibraryError) {
        try check(xmlTextWriterStartElement(writer, name), "xmlTextWriterStartElement")
    }

    func attribute(_ name: String, _ value: String) throws(CLibraryError) {
        try check(xmlTextWriterWriteAttribute(writer, name, value), "xmlTextWriterWriteAttribute")
    }

    func text(_ content: String) throws(CLibraryError) {
        try check(xmlTextWriterWriteString(writer, content), "xmlTextWriterWriteString")
    }

    func comment(_ content: String) throws(CLibraryError) {
        try check(xmlTextWriterWriteComment(writer, content), "xmlTextWriterWriteComment")
    }

    func end() throws(CLibraryError) {
        try check(xmlTextWriterEndElement(writer), "xmlTextWriterEndElement")
    }

    /// An element with attributes and no children.
    func element(_ name: String, _ attributes: KeyValuePairs<String, String>) throws(CLibraryError) {
        try start(name)
        for (key, value) in attributes { try attribute(key, value) }
        try end()
    }

    /// Ends the document and returns its bytes.
    func finish() throws(CLibraryError) -> Data {
        try check(xmlTextWriterEndDocument(writer), "xmlTextWriterEndDocument")
        try check(xmlTextWriterFlush(writer), "xmlTextWriterFlush")
        guard let content = xmlBufferContent(buffer) else { return Data() }
        return Data(bytes: content, count: Int(xmlBufferLength(buffer)))
    }
}
