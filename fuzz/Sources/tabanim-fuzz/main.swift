import CFuzzer
import Foundation
import FuzzTargets

/// Which of `FuzzTargets`' functions gets the inputs: TABANIM_FUZZ_TARGET=scene (a scene file) or asset (its
/// first byte picks PNG, SVG or Lottie header). An environment variable, because libFuzzer takes every other
/// argument as a corpus folder.
let fuzzesAssets = ProcessInfo.processInfo.environment["TABANIM_FUZZ_TARGET"] == "asset"

let run: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { bytes, count in
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if fuzzesAssets { FuzzTargets.asset(data) } else { FuzzTargets.scene(data) }
    return 0
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, run))
