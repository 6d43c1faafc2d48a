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
    }

    func testEveryCapabilityIsInTheTableAndEveryKnownReleaseAnswers() {
        for capability in Capability.allCases {
            for idiom in [Device.Idiom.phone, .pad] {
                let first = Release.first(with: capability, on: idiom)
                XCTAssertTrue(OSVersion.known.contains(first.major), "\(capability) on \(idiom): \(first.major) is not a known release")
                let answers = OSVersion.known.map { OSVersion(major: $0).has(capability, on: idiom) }
                XCTAssertEqual(answers, OSVersion.known.map { $0 >= first.major }, "\(capability) on \(idiom)")
            }
        }
    }

    func testAGlassBarWithNoOSFollowsIOS26() {
        let none: OSVersion? = nil
        XCTAssertEqual(none.glassRules, OSVersion(major: 26))
        XCTAssertEqual(Optional(OSVersion(major: 27)).glassRules.major, 27)
    }
}
