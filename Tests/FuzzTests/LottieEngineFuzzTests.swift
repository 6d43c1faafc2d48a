import Foundation
import FuzzTargets
import LottieEngine
import TestSupport
import XCTest

/// The seeded mutator over the project's own Lottie files, through tabanim's Lottie engine
/// (`FuzzTargets.lottie`, which `fuzz/run.sh lottie` hands to libFuzzer): refused or drawn, never a crash
/// or a hang.
final class LottieEngineFuzzTests: XCTestCase {
    static let tokens = [
        "\"ty\":", "\"layers\":", "\"assets\":", "\"shapes\":", "\"it\":", "\"ks\":", "\"k\":", "\"a\":1", "\"t\":", "\"s\":",
        "\"e\":", "\"h\":1", "\"refId\":", "\"parent\":", "\"tt\":", "\"td\":1", "\"tp\":", "\"tm\":", "\"sr\":", "\"st\":",
        "\"masksProperties\":", "\"mode\":\"s\"", "\"inv\":true", "\"gr\"", "\"rp\"", "\"tm\"", "\"rd\"", "\"sr\"", "\"gf\"",
        "\"gs\"", "\"mm\"", "\"c\":{\"a\":0,\"k\":100000}", "{\"x\":[0.5],\"y\":[2]}", "\"to\":[1e7,0]", "\"ti\":[0,-1e7]",
        "1e308", "-1e7", "0", "-0", "4.0", "1e-300", "[", "]", "{", "}", ",", ":", "\"", "null", "true",
    ]

    /// A hostile case whose folder is named `lottie-…`.
    static func isLottieCase(_ url: URL) -> Bool { url.deletingLastPathComponent().lastPathComponent.hasPrefix("lottie-") }

    func testMutatedLottieFilesAreRefusedOrDrawnNeverCrash() {
        let seeds = (SeededFuzzTests.files(in: "Assets/demo/lottie", ["json"]) + SeededFuzzTests.files(in: "Tests/Fixtures/lottie", ["json"])
            + SeededFuzzTests.files(in: "Tests/Fixtures/hostile", ["json"]).filter(Self.isLottieCase))
            .compactMap { try? Data(contentsOf: $0) }
        XCTAssertGreaterThan(seeds.count, 10)
        var mutator = Mutator(seed: 0x10_77_1E, seeds: seeds, tokens: Self.tokens)
        var outcomes: [FuzzTargets.LottieOutcome: Int] = [:]
        let runs = mutator.run(count: 5_000, seconds: 6) { outcomes[FuzzTargets.lottie($0), default: 0] += 1 }
        print("seeded Lottie engine fuzzing: \(runs) inputs, \(outcomes)")
        XCTAssertGreaterThan(runs, 300)
        XCTAssertGreaterThan(outcomes[.drawn] ?? 0, runs / 20, "too few inputs got drawn: \(outcomes)")
        XCTAssertGreaterThan(outcomes[.refused] ?? 0, runs / 20, "too few inputs were refused: \(outcomes)")
    }

    func testTheHostileLottieCorpusEndsInErrorsOrPicturesInBoundedTime() throws {
        let files = SeededFuzzTests.files(in: "Tests/Fixtures/hostile", ["json"]).filter(Self.isLottieCase)
        XCTAssertGreaterThan(files.count, 5)
        for url in files {
            let start = Date()
            _ = FuzzTargets.lottie(try Data(contentsOf: url))
            // No hang (unbounded, these run for hours); not a speed: the suite also runs under ASan on a busy machine.
            XCTAssertLessThan(Date().timeIntervalSince(start), 30, url.path)
        }
    }
}
