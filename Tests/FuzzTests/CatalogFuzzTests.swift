import AppleFormats
import Foundation
import FuzzTargets
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import TestSupport
import XCTest

/// The asset catalog's readers under seeded mutation (`Mutator`, as `SeededFuzzTests`): `Contents.json`
/// (`AssetSetContents`) and symbol templates (`SymbolTemplate`, through `XMLScanner`) read every input to a
/// value or a refusal, never a crash; what they accept is sound (a chosen file is one the list names; an
/// extracted symbol is well-formed XML with a finite, positive box). Seeds: the project's own catalog
/// (Tests/Fixtures/catalog) and the hostile corpus's catalogs.
final class CatalogFuzzTests: XCTestCase {
    private static func seeds(named name: String) -> [Data] {
        (SeededFuzzTests.files(in: "Tests/Fixtures/catalog", [name.components(separatedBy: ".").last ?? ""])
            + SeededFuzzTests.files(in: "Tests/Fixtures/hostile", [name.components(separatedBy: ".").last ?? ""])
                .filter { $0.path.contains(".xcassets/") })
            .filter { name.hasPrefix("*") || $0.lastPathComponent == name }
            .compactMap { try? Data(contentsOf: $0) }
    }

    static let catalogTokens = [
        "\"images\":", "\"symbols\":", "\"filename\":", "\"scale\":", "\"2x\"", "\"3x\"", "\"0x\"", "\"1e308x\"", "\"idiom\":",
        "\"iphone\"", "\"universal\"", "\"appearances\":", "\"luminosity\"", "\"dark\"", "\"properties\":",
        "\"template-rendering-intent\":", "\"original\"", "\"provides-namespace\":", "\"../x.png\"", "\"\"", "null", "[", "]",
        "{", "}", ",", ":", "\"", "true", "1e308", "-1",
        "<g id=\"Guides\">", "<g id=\"Symbols\">", "<g id=\"Regular-M\">", "</g>", "<line id=\"Baseline-M\" x1=\"0\" x2=\"1\" y1=\"9\" y2=\"9\"/>",
        "<line id=\"Capline-M\" x1=\"0\" x2=\"1\" y1=\"1e308\" y2=\"0\"/>", "y1=\"nan\"", "x1=\"-1e308\"", "transform=\"matrix(1e30 0 0 1 0 0)\"",
        "<!--", "-->", "<![CDATA[", "]]>", "<!DOCTYPE svg [", "&amp;", "&#x110000;", "&#0;", "<?xml", "?>", "/>", "<", ">", "='", "\"",
    ]

    func testMutatedContentsAreReadOrRefusedNeverCrash() {
        let seeds = Self.seeds(named: "Contents.json")
        XCTAssertGreaterThan(seeds.count, 8)
        var mutator = Mutator(seed: 0xC47A_1065, seeds: seeds, tokens: Self.catalogTokens)
        var read = 0, refused = 0
        let runs = mutator.run(count: 20_000, seconds: 4) { data in
            for kind in [AssetCatalog.Kind.image, .symbol] {
                switch AssetSetContents.read(data, kind: kind) {
                case .failure(let failure):
                    refused += 1
                    XCTAssertFalse(failure.message.isEmpty)
                case .success(let contents):
                    read += 1
                    for style in InterfaceStyle.allCases {
                        for scale in [0.25, 1, 2, 3, 4] {
                            guard let entry = contents.choose(scale: scale, dark: style == .dark) else { continue }
                            XCTAssertTrue(contents.entries.contains(entry))
                            XCTAssertFalse(entry.filename.contains("/"), "a chosen file stays in its set's folder")
                        }
                    }
                }
            }
        }
        print("seeded Contents.json fuzzing: \(runs) inputs, \(read) read, \(refused) refused")
        XCTAssertGreaterThan(runs, 1000)
        XCTAssertGreaterThan(read, runs / 20, "the mutator must reach the reader's values, not only its refusals")
        XCTAssertGreaterThan(refused, runs / 20)
    }

    func testMutatedTemplatesAreExtractedOrRefusedNeverCrash() {
        let seeds = Self.seeds(named: "*.svg")
        XCTAssertGreaterThanOrEqual(seeds.count, 3)
        var mutator = Mutator(seed: 0x5E_B01, seeds: seeds, tokens: Self.catalogTokens)
        var extracted = 0, refused = 0
        let variant = SymbolTemplate.Variant(weight: "Regular", scale: "M")
        let runs = mutator.run(count: 10_000, seconds: 4) { data in
            switch SymbolTemplate.extract(data, variant: variant, pointSize: 22, maximumElements: 2000) {
            case .failure(let failure):
                refused += 1
                XCTAssertFalse(failure.message.isEmpty)
            case .success(let symbol):
                extracted += 1
                let m = symbol.metrics
                XCTAssertTrue([m.size.width, m.size.height, m.alignmentRect.minX, m.alignmentRect.height].allSatisfy(\.isFinite))
                XCTAssertGreaterThan(m.alignmentRect.height, 0)
                XCTAssertGreaterThan(m.alignmentRect.width, 0)
                // What goes to librsvg is itself well-formed: the variant's content is copied whole.
                var scanner = XMLScanner(maximumElements: 4000)
                do {
                    _ = try scanner.scan(symbol.svg)
                } catch {
                    XCTFail("\(error): \(String(decoding: symbol.svg.prefix(300), as: UTF8.self))")
                }
            }
        }
        print("seeded template fuzzing: \(runs) inputs, \(extracted) extracted, \(refused) refused")
        XCTAssertGreaterThan(runs, 500)
        XCTAssertGreaterThan(extracted, runs / 50, "the mutator must reach extraction, not only refusals")
        XCTAssertGreaterThan(refused, runs / 20)
    }

    /// poppler, in this process, on mutations of the catalogs' PDFs (the project's own, the hostile
    /// corpus's): each converted or refused, never a crash (`FuzzTargets.asset`, loader 3).
    func testMutatedPDFsAreConvertedOrRefusedNeverCrash() {
        let seeds = (SeededFuzzTests.files(in: "Tests/Fixtures/catalog", ["pdf"]) + SeededFuzzTests.files(in: "Tests/Fixtures/hostile", ["pdf"]))
            .compactMap { try? Data(contentsOf: $0) }.map { Data([3]) + $0 }
        XCTAssertGreaterThanOrEqual(seeds.count, 4)
        let tokens = ["obj", "endobj", "stream", "endstream", "/Length 99999999", "/Count 1000000", "/Kids [", "]", "<<", ">>",
                      "/MediaBox [0 0 1e30 1e30]", "/Filter /FlateDecode", "xref", "trailer", "startxref", "%%EOF", "0 0 R", "-1"]
        var mutator = Mutator(seed: 0x9DF_0A7, seeds: seeds, tokens: tokens)
        let runs = mutator.run(count: 2_000, seconds: 5) { FuzzTargets.asset($0) }
        print("seeded PDF fuzzing: \(runs) inputs")
        XCTAssertGreaterThan(runs, 100)
    }

    /// XML's corners the scanner must refuse rather than misread.
    func testTheScannerRefusesWhatIsNotWellFormed() {
        for text in ["", "<a>", "<a></b>", "<a/><b/>", "<a x=1/>", "<a x=\"1\" x=\"2\"/>", "<!DOCTYPE a [<!ENTITY e \"x\">]><a/>",
                     "<a><!-- never ends</a>", "</a>", "<a b=\"&#xD800;\"></a"] {
            var scanner = XMLScanner(maximumElements: 10)
            XCTAssertThrowsError(try scanner.scan(Data(text.utf8)), text)
        }
        var deep = XMLScanner(maximumElements: 1000, maximumDepth: 8)
        XCTAssertThrowsError(try deep.scan(Data((String(repeating: "<g>", count: 9) + String(repeating: "</g>", count: 9)).utf8)))
        var scanner = XMLScanner(maximumElements: 10)
        let elements = try? scanner.scan(Data("<?xml version=\"1.0\"?><!-- c --><svg a='x &amp; y'><g id=\"k\"><![CDATA[<no>]]></g></svg>".utf8))
        XCTAssertEqual(elements?.map(\.name), ["svg", "g"])
        XCTAssertEqual(elements?.first?.attributes["a"], "x & y")
        XCTAssertEqual(elements?.last?.parent, 0)
    }
}
