// swift-tools-version:6.0
// libFuzzer targets for tabanim's scene parser and asset loaders: a package of its own, so that
// `swift build` and `swift test` of tabanim never see them. Build and run with fuzz/run.sh.
import PackageDescription

let package = Package(
    name: "tabanim-fuzz",
    dependencies: [.package(name: "tabanim", path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        /// A `main.swift` that hands one of `FuzzTargets`' functions to libFuzzer's driver.
        .executableTarget(name: "tabanim-fuzz", dependencies: ["CFuzzer", .product(name: "TabanimFuzzTargets", package: "tabanim")],
                          // gold fails on the sanitized objects (an internal error in its DWARF reader); the toolchain's lld works.
                          linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
    ],
    swiftLanguageModes: [.v6]
)
