import Basics
import Foundation
import Graph
import Spec

/// The words iOS itself draws in a scene (not the app's): the search field's prompt, the iPad's date and the
/// carrier's name, each in the scene's language (`locale`). Where tabanim cannot know the system's word in
/// that language it draws none and says so once, naming the key that sets it.
extension SceneResolver {
    /// The day the status bar shows: Monday 9 June 2025, the day of WWDC 2025's keynote, as Apple's own
    /// screenshots show it ("Mon Jun 9").
    static let statusBarDay = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                             year: 2025, month: 6, day: 9, hour: 12)

    /// The iPad's date beside the time, formatted for `locale` (BCP 47; nil: American English) by Foundation
    /// from the template weekday, month, day: "Mon Jun 9" in English, "Mon 9 Jun" in British English (as a
    /// real iPadOS 26 capture in en-GB shows it: "Tue 3 Mar"), "6月9日(月)" in Japanese. iPadOS drops the
    /// comma CLDR puts after the weekday in English ("Mon, Jun 9"); tabanim drops ", " in every language
    /// (chosen: one language was seen).
    static func statusBarDate(locale: String?) -> String {
        let language = Locale(identifier: locale ?? "en-US")
        let pattern = DateFormatter.dateFormat(fromTemplate: "EEEMMMd", options: 0, locale: language) ?? "EEE MMM d"
        let formatter = DateFormatter()
        formatter.locale = language
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern.replacingOccurrences(of: ", ", with: " ")
        guard let day = statusBarDay.date else { return "Mon Jun 9" }
        return formatter.string(from: day)
    }

    /// Whether `locale` is English (or absent: the scene's own words, English by default), where tabanim
    /// knows the system's words.
    static func isEnglish(_ locale: String?) -> Bool {
        guard let language = locale?.lowercased() else { return true }
        return language == "en" || language.hasPrefix("en-") || language.hasPrefix("en_")
    }

    /// The home-button iPhone's carrier name: `statusBar.carrier` ("" for none); else the iOS Simulator's
    /// "Carrier" in English. In another language none is drawn: a carrier's name is the network's (a real
    /// device shows its brand), not a word tabanim can translate; one warning says how to set it.
    func carrierName(_ spec: StatusBarSpec?, device: Device, locale: String?, _ problems: inout Problems) -> String? {
        if let given = spec?.carrier { return given.isEmpty ? nil : title(given) }
        guard !Self.isEnglish(locale) else { return "Carrier" }
        if spec?.shown ?? true, device.idiom == .phone, device.safeAreaTop < 44 {
            problems.warn(KeyPath.root.appending("statusBar").appending("carrier"),
                          "no carrier name is drawn in \"\(locale ?? "")\": it is the network's, not a word tabanim translates; set \"statusBar\": {\"carrier\": …} to draw one")
        }
        return nil
    }

    /// A search tab's prompt: `searchPrompt` (translated by the String Catalog like a title), else the tab's
    /// own title (UIKit's default placeholder is the system's "Search", in the system's language; the tab's
    /// title is the app's word for it, already in the scene's language). With neither, "Search" in English;
    /// in another language none, and one warning naming the key.
    func searchPrompt(_ item: ItemSpec, title: String, at path: KeyPath, localizer: inout Localizer, _ problems: inout Problems) -> String {
        guard item.role == .search else {
            if item.searchPrompt != nil { problems.add(path.appending("searchPrompt"), "only a tab with \"role\": \"search\" has a search field") }
            return ""
        }
        if let prompt = item.searchPrompt {
            return self.title(localizer.title(text: prompt, key: nil, at: path.appending("searchPrompt"), &problems))
        }
        if !title.isEmpty { return title }
        guard Self.isEnglish(localizer.locale) else {
            problems.warn(path.appending("searchPrompt"), "the search field's prompt is the system's \"Search\", which tabanim does not translate into \"\(localizer.locale ?? "")\"; none is drawn: set \"searchPrompt\" (or a title)")
            return ""
        }
        return "Search"
    }
}
