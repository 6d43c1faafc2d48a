import CFuzzer
import Foundation
import FuzzTargets

/// One input as an asset (its first byte picks PNG, SVG or Lottie header).
let run: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { bytes, count in
    FuzzTargets.asset(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, run))
