import CFuzzer
import Foundation
import FuzzTargets

/// Which of `FuzzTargets`' functions gets the inputs: TABANIM_FUZZ_TARGET=scene (a scene file), asset (its
/// first byte picks PNG, SVG or Lottie header) or lottie (a Lottie file through tabanim's own engine). An
/// environment variable, because libFuzzer takes every other argument as a corpus folder.
let target = ProcessInfo.processInfo.environment["TABANIM_FUZZ_TARGET"] ?? "scene"

let run: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { bytes, count in
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    switch target {
    case "asset": FuzzTargets.asset(data)
    case "lottie": FuzzTargets.lottie(data)
    default: FuzzTargets.scene(data)
    }
    return 0
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, run))
