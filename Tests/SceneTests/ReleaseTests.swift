import Foundation
import Resolving
import Spec
import XCTest

/// The release table says which release brought what, and every rule asks it by name.
final class ReleaseTests: XCTestCase {
    func testEachCapabilityStartsWithTheReleaseThatBroughtIt() {
        XCTAssertEqual(Release.first(with: .floatingBar, on: .phone).major, 26)
        XCTAssertEqual(Release.first(with: .floatingBar, on: .pad).major, 18)
        XCTAssertEqual(Release.first(with: .prominentTab, on: .phone).major, 27)
        XCTAssertEqual(Release.first(with: .searchApartOnlyWhenActivating, on: .phone).major, 27)
        XCTAssertFalse(OSVersion(major: 26).has(.prominentTab, on: .phone))
        XCTAssertTrue(OSVersion(major: 27).has(.prominentTab, on: .phone))
        XCTAssertTrue(OSVersion(major: 18).has(.floatingBar, on: .pad))
        XCTAssertFalse(OSVersion(major: 18).has(.floatingBar, on: .phone))
        XCTAssertFalse(OSVersion(major: 27).has(.verticalBars, on: .phone))
        XCTAssertTrue(OSVersion(major: 27, minor: 1).has(.verticalBars, on: .phone))
        XCTAssertEqual(OSVersion(major: 27, minor: 1).name(for: .phone), "iOS 27.1")
    }

    func testEveryCapabilityIsInTheTableAndEveryKnownReleaseAnswers() {
        for capability in Capability.allCases {
            for idiom in [Device.Idiom.phone, .pad] {
                let first = Release.first(with: capability, on: idiom)
                let releases = OSVersion.known.flatMap { major in (OSVersion.knownMinors[major] ?? 0...0).map { OSVersion(major: major, minor: $0) } }
                let answers = releases.map { $0.has(capability, on: idiom) }
                // The vertical bars are the iPhone Duo's, the sidebar the iPad's: the other idiom never has them.
                guard first.major != Int.max else {
                    XCTAssertEqual(answers, releases.map { _ in false })
                    continue
                }
                XCTAssertTrue(releases.contains(first), "\(capability) on \(idiom): \(first.number) is not a known release")
                XCTAssertEqual(answers, releases.map { $0 >= first }, "\(capability) on \(idiom)")
            }
        }
    }

    func testAGlassBarWithNoOSFollowsIOS26() {
        let none: OSVersion? = nil
        XCTAssertEqual(none.glassRules, OSVersion(major: 26))
        XCTAssertEqual(Optional(OSVersion(major: 27)).glassRules.major, 27)
    }
}
