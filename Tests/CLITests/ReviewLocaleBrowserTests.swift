import Drawing
import Foundation
import TestSupport
import XCTest

/// `review --locale all` in headless Chromium: the picker swaps the picture, the event list and the list of
/// truncated titles in place; each locale's picture is tabanim's own PNG frame for it; Arabic's is mirrored.
final class ReviewLocaleBrowserTests: CLITestCase {
    private let scene = packageRoot.appendingPathComponent("Tests/Fixtures/strings/scene.json").path

    /// The share of the picture's pixels near the tint (systemBlue, the selected title) in its left and
    /// right thirds, the center button's middle third left out.
    private func tint(_ picture: Picture) -> (left: Int, right: Int) {
        var left = 0, right = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let p = picture.pixel(x, y)
                guard p.b > 200, p.r < 90, (90...170).contains(p.g) else { continue }
                if x < picture.width / 3 { left += 1 } else if x >= picture.width * 2 / 3 { right += 1 }
            }
        }
        return (left, right)
    }

    func testThePickerSwapsTheLocaleInPlaceAndArabicIsMirrored() throws {
        let chromium = try Chromium.find(profile: try folder().appendingPathComponent("profile"))
        let out = try folder()
        let made = try tabanim(["review", scene, "-o", "locales.html", "--locale", "all"], in: out)
        XCTAssertEqual(made.status, 0, made.stderr)
        let page = out.appendingPathComponent("locales.html")
        let browser = try DevToolsPipe(chromium: chromium, url: "\(page.absoluteString)?t=0")
        defer { browser.close() }

        func pick(_ locale: String) throws -> (shown: [String], truncated: String, now: String, picture: Picture) {
            try browser.evaluate("(() => { const p = document.getElementById('locale'); p.value = '\(locale)'; p.dispatchEvent(new Event('change')); })()")
            let state = try XCTUnwrap(try browser.evaluate("""
                [Array.from(document.querySelectorAll('[data-locale]')).filter(e => e.getClientRects().length > 0).map(e => e.dataset.locale),
                 Array.from(document.querySelectorAll('.truncation-list')).filter(e => !e.hidden).map(e => e.textContent).join(),
                 Array.from(document.querySelectorAll('.stage')).filter(e => !e.hidden).map(e => e.querySelector('.now').textContent).join()]
                """) as? [Any])
            let file = out.appendingPathComponent("picked-\(locale).png")
            try browser.screenshot(of: ".stage:not([hidden]) .screen").write(to: file)
            return (try XCTUnwrap(state[0] as? [String]), try XCTUnwrap(state[1] as? String), try XCTUnwrap(state[2] as? String), try Picture(png: file))
        }
        let english = try pick("en"), german = try pick("de"), arabic = try pick("ar")
        XCTAssertEqual(Set(english.shown), ["en"], "only English's parts show")
        XCTAssertEqual(Set(german.shown), ["de"], "only German's parts show")
        XCTAssertGreaterThanOrEqual(german.shown.count, 5, "stage, files, events, truncations, spec and storyboard: \(german.shown)")
        XCTAssertTrue(german.truncated.contains("\"Verlaufsübersicht\" shows as \"Verlaufsüber…\""), german.truncated)
        XCTAssertTrue(english.truncated.contains("No title is truncated in en"), english.truncated)
        XCTAssertEqual(german.now, "Before the first tap")

        // The picture changes with the locale: German's titles are not English's, Arabic's bar is mirrored
        // (the selected first item, in the tint, is at the right).
        XCTAssertEqual([english.picture.width, english.picture.height], [german.picture.width, german.picture.height])
        let changed = english.picture.differingPixels(german.picture, threshold: 64)
        XCTAssertGreaterThan(changed, 200, "German's titles differ from English's: \(changed) pixels")
        let (en, ar) = (tint(english.picture), tint(arabic.picture))
        XCTAssertGreaterThan(en.left, 20, "English: the selected first item at the left \(en)")
        XCTAssertLessThan(en.right, en.left / 4, "\(en)")
        XCTAssertGreaterThan(ar.right, 20, "Arabic: the selected first item at the right \(ar)")
        XCTAssertLessThan(ar.left, ar.right / 4, "\(ar)")

        browser.close()  // its profile is the one the screenshots below use

        // At its own pixel size (?locale=…&view=frame), each locale's picture is tabanim's PNG frame for it.
        let locales = ["de", "ar", "ja"]
        let frames = try tabanim(["export", scene, "-o", out.path + "/frames/", "--locale", locales.joined(separator: ",")], in: out)
        XCTAssertEqual(frames.status, 0, frames.stderr)
        for locale in locales {
            let frame = try Picture(png: out.appendingPathComponent("frames-\(locale)/frame-0000.png"))
            let shot = try chromium.screenshot("\(page.absoluteString)?t=0&view=frame&locale=\(locale)", width: frame.width, height: frame.height,
                                               to: out.appendingPathComponent("shot-\(locale).png"))
            let psnr = shot.psnr(frame)
            print("review page, \(locale) at 0 s, against its PNG frame: \(String(format: "%.1f", psnr)) dB, \(shot.differingPixels(frame)) pixels off")
            XCTAssertGreaterThan(psnr, 35, "\(locale): \(shot.writeDiff(against: frame, named: "review-locale-\(locale)"))")
            XCTAssertLessThan(shot.psnr(try Picture(png: out.appendingPathComponent("frames-\(locale == "de" ? "ar" : "de")/frame-0000.png"))), psnr - 3,
                              "\(locale)'s picture, not another locale's")
        }
    }
}
