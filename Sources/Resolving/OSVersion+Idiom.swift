import Basics
import Spec

extension OSVersion {
    /// The first release whose default bar is the iPhone's glass capsule (iOS 26) or the iPad's top bar (iPadOS 18).
    public static func firstWithFloatingBar(_ idiom: Device.Idiom) -> Int { idiom == .pad ? 18 : 26 }

    /// "iOS 26", "iPadOS 18".
    public func name(for idiom: Device.Idiom) -> String { "\(idiom == .pad ? "iPadOS" : "iOS") \(major)" }
}
