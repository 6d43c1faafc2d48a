import CFuzzer
import Foundation
import FuzzTargets

/// One input as a scene file.
let run: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { bytes, count in
    FuzzTargets.scene(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, run))
