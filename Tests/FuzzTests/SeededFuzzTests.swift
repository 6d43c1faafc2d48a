import Foundation
import FuzzTargets
import TestSupport
import XCTest

/// A seeded random mutator over the project's own scenes and assets, run through `FuzzTargets` (the same
/// functions the libFuzzer targets in fuzz/ call). Deterministic: a fixed seed gives the same inputs in the
/// same order, so a crash reproduces; bounded by a count and a time, so that it runs in seconds, under
/// AddressSanitizer too. A crash ends the test process: that is the failure this test looks for. Inputs that
/// once crashed are kept in Tests/Fixtures/fuzz/ and replayed first.
final class SeededFuzzTests: XCTestCase {

    static func files(in folder: String, _ extensions: Set<String>) -> [URL] {
        let root = packageRoot.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return found.filter { extensions.contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    /// The folder of valid assets that `FuzzTargets` made for this process.
    override class func tearDown() {
        try? FileManager.default.removeItem(at: FuzzTargets.assets)
        super.tearDown()
    }

    /// The scenes mutated: every fixture scene up to `largestSeed` bytes. The hostile corpus's oversized files
    /// (100–330 KB: a name, a word or a script past its limit) each test one limit, which `HostileCorpusTests`
    /// checks; mutated, they cost their size on every input, and under AddressSanitizer took the 6 s budget
    /// down from over 500 inputs to 267.
    static let largestSeed = 32 << 10

    static var sceneSeeds: [Data] {
        // Relative paths: the checkout itself may sit in a folder named lottie.
        (files(in: "Tests/Fixtures", ["json"]).filter { !$0.path.dropFirst(packageRoot.path.count).contains("/lottie") }
            + [packageRoot.appendingPathComponent("Assets/demo/scene.json")]).compactMap { try? Data(contentsOf: $0) }
            .filter { $0.count <= largestSeed }
    }

    func testReplayedCrashesStayFixed() throws {
        let inputs = Self.files(in: "Tests/Fixtures/fuzz", ["json"])
        XCTAssertFalse(inputs.isEmpty)
        for url in inputs {
            XCTAssertEqual(FuzzTargets.scene(try Data(contentsOf: url)), .refusedWhileResolving, url.lastPathComponent)
        }
    }

    func testMutatedScenesAreRefusedOrDrawnNeverCrash() {
        let seeds = Self.sceneSeeds
        XCTAssertGreaterThan(seeds.count, 10)
        var mutator = Mutator(seed: 0x7AB_A417, seeds: seeds, tokens: Mutator.sceneTokens)
        var outcomes: [FuzzTargets.Outcome: Int] = [:]
        let runs = mutator.run(count: 10_000, seconds: 6) { outcomes[FuzzTargets.scene($0), default: 0] += 1 }
        print("seeded scene fuzzing: \(runs) inputs, \(outcomes)")
        // A mutator that never got past the parser, or never got a scene drawn, would prove little.
        XCTAssertGreaterThan(runs, 500)
        for outcome in [FuzzTargets.Outcome.refusedWhileParsing, .refusedWhileResolving, .drawn] {
            XCTAssertGreaterThan(outcomes[outcome] ?? 0, runs / 50, "too few inputs \(outcome): \(outcomes)")
        }
    }

    func testMutatedAssetsAreRefusedOrDecodedNeverCrash() {
        let assets = FuzzTargets.assets
        var seeds: [Data] = []
        for (kind, files) in [(UInt8(0), [assets.appendingPathComponent("icon.png")]),
                              (1, Self.files(in: "Assets/demo/icons", ["svg"])),
                              (2, [assets.appendingPathComponent("spin.json")] + Self.files(in: "Assets/demo/lottie", ["json"]))] {
            seeds += files.compactMap { try? Data(contentsOf: $0) }.map { Data([kind]) + $0 }
        }
        XCTAssertGreaterThan(seeds.count, 10)
        var mutator = Mutator(seed: 0xA55E7, seeds: seeds, tokens: Mutator.assetTokens)
        let runs = mutator.run(count: 3_000, seconds: 6) { FuzzTargets.asset($0) }
        print("seeded asset fuzzing: \(runs) inputs")
        XCTAssertGreaterThan(runs, 200)
    }
}

/// Byte-level mutations of seed files, chosen by a small deterministic generator (SplitMix64).
struct Mutator {
    private var random: SplitMix
    let seeds: [Data]
    let tokens: [String]

    init(seed: UInt64, seeds: [Data], tokens: [String]) {
        random = SplitMix(seed)
        self.seeds = seeds
        self.tokens = tokens
    }

    static let sceneTokens = [
        "\"tabBar\":", "\"items\":", "\"script\":", "\"at\":", "\"tap\":", "\"export\":", "\"fps\":", "\"duration\":",
        "\"scale\":", "\"device\":", "\"width\":", "\"centerButton\":", "\"selects\":", "\"contents\":", "\"rows\":",
        "\"transition\":", "\"curve\":", "\"animation\":", "\"effect\":", "\"icon\":", "\"screenshot\":", "\"lottieFolder\":",
        "\"center\"", "\"icon.svg\"", "\"icon.png\"", "\"shot.png\"", "\"spin.json\"", "\"lottie\"", "\"../icon.svg\"",
        "\"/etc/passwd\"", "\"bounce\"", "\"flip\"", "\"none\"", "\"tabBar\"", "[0.42, 0, 0.58, 5]", "{\"x\": 1e308, \"y\": -1}",
        "null", "true", "0", "-0", "1e308", "-1e308", "4.9e-324", "2147483648", "9007199254740993", "0.001", "119.99",
        "[", "]", "{", "}", ",", ":", "\"", "\\u0000", "\\ud800", "\u{FFFF}",
    ]
    static let assetTokens = [
        "<svg>", "</svg>", "<use href=\"#a\"/>", "<g id=\"a\">", "<!ENTITY a \"aaaa\">", "&a;", "<image href=\"/etc/passwd\"/>",
        "viewBox=\"0 0 0 0\"", "width=\"1e9\"", "stroke-width=\"1e30\"", "transform=\"scale(1e30)\"", "d=\"M0 0L1e30 1e30z\"",
        "IHDR", "IDAT", "IEND", "\"w\":", "\"h\":", "\"fr\":", "\"op\":", "\"ip\":", "\"layers\":", "\"assets\":", "1e308", "0", "-1",
    ]

    mutating func next() -> UInt64 { random.next() }

    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

    /// Runs `body` on up to `count` mutated inputs, for at most `seconds`; returns how many it ran.
    mutating func run(count: Int, seconds: TimeInterval, _ body: (Data) -> Void) -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        var runs = 0
        while runs < count, Date() < deadline {
            var bytes = [UInt8](seeds[below(seeds.count)])
            for _ in 0...below(2) { mutate(&bytes) }
            body(Data(bytes))
            runs += 1
        }
        return runs
    }

    /// One mutation: a bit flip, an interesting byte, a deleted or duplicated run, an inserted token, a spliced
    /// run of another seed, or (as often as all the others, because it keeps the JSON valid and so reaches
    /// the resolver and what follows) a number replaced by an extreme one.
    mutating func mutate(_ bytes: inout [UInt8]) {
        let position = below(bytes.count + 1)
        switch below(12) {
        case 0 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] ^= UInt8(1) << UInt8(below(8))
        case 1 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] = [0, 0xFF, 0x22, 0x7B, 0x5B, 0x2C, 0x3A, 0x2D, 0x39, 0x5C, 0xC3, 0x80][below(12)]
        case 2:
            bytes.removeSubrange(position..<min(bytes.count, position + 1 + below(64)))
        case 3:
            let end = min(bytes.count, position + 1 + below(256))
            bytes.insert(contentsOf: bytes[position..<end], at: below(bytes.count + 1))
        case 4:
            bytes.insert(contentsOf: Array(tokens[below(tokens.count)].utf8), at: position)
        case 5:
            let other = [UInt8](seeds[below(seeds.count)])
            let start = below(other.count)
            bytes.insert(contentsOf: other[start..<min(other.count, start + below(512))], at: position)
        default:
            // The next number after `position`, replaced whole.
            guard let start = bytes[position...].firstIndex(where: { (0x30...0x39).contains($0) }) else { return }
            let end = bytes[start...].firstIndex { !(0x30...0x39).contains($0) && $0 != 0x2E && $0 != 0x65 && $0 != 0x2D } ?? bytes.count
            bytes.replaceSubrange(start..<end, with: Array(["0", "1e300", "-5", "99999999", "0.0001", "3000", "120.5", "7"][below(8)].utf8))
        }
    }
}
