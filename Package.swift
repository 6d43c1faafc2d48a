// swift-tools-version:6.0
// tabanim: scene file → animated GIF / SVG of an iOS tab bar.
import PackageDescription

/// One `systemLibrary` target per C library. Debian package names go in `.apt`, Homebrew formulae in `.brew`.
func cLibrary(_ name: String, pkgConfig: String, apt: [String], brew: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig,
                   providers: [.apt(apt), .brew(brew)])
}

let package = Package(
    name: "tabanim",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tabanim", targets: ["tabanim"]),
        /// For the libFuzzer targets in fuzz/ (a package of their own); not an API.
        .library(name: "TabanimFuzzTargets", targets: ["FuzzTargets"]),
    ],
    targets: [
        cLibrary("CCairo", pkgConfig: "cairo", apt: ["libcairo2-dev"], brew: ["cairo"]),
        cLibrary("CPangoCairo", pkgConfig: "pangocairo", apt: ["libpango1.0-dev"], brew: ["pango"]),
        cLibrary("CPangoFT2", pkgConfig: "pangoft2", apt: ["libpango1.0-dev", "libfontconfig-dev"], brew: ["pango", "fontconfig"]),
        cLibrary("CRsvg", pkgConfig: "librsvg-2.0", apt: ["librsvg2-dev"], brew: ["librsvg"]),
        cLibrary("CGif", pkgConfig: "libgif", apt: ["libgif-dev"], brew: ["giflib"]),
        cLibrary("CImageQuant", pkgConfig: "imagequant", apt: ["libimagequant-dev"], brew: ["libimagequant"]),
        cLibrary("CXML2", pkgConfig: "libxml-2.0", apt: ["libxml2-dev"], brew: ["libxml2"]),
        cLibrary("CWebP", pkgConfig: "libwebpmux", apt: ["libwebp-dev"], brew: ["webp"]),
        /// PDF image sets of asset catalogs: poppler reads the page, cairo's SVG surface turns it into an SVG.
        cLibrary("CPoppler", pkgConfig: "poppler-glib", apt: ["libpoppler-glib-dev"], brew: ["poppler"]),
        /// FFmpeg's headers only: no pkgConfig, whose libraries would be linked into every process (64 ms of
        /// loading at each start); they are opened when an MP4 is written (Sources/CFFmpeg/shim.h). The headers
        /// are in the compiler's own search path on Debian, and in Homebrew's include folder on macOS
        /// (MP4Export's swiftSettings).
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev"]), .brew(["ffmpeg"])]),

        /// The one home of locks and threads: a value under its lock, a promise, a parallel map, an ordered
        /// bounded pipeline, a job in the background. Every other target uses these.
        .target(name: "Concurrency"),
        /// Pure Swift, first of the data flow: a problem with its file and JSON key path (`SceneError`), the
        /// bounds a scene is held to (`Limits`), the bounded readers of files and JSON, and geometry.
        .target(name: "Basics"),
        /// Pure Swift: Apple's file formats as tabanim reads them: asset catalogs, String Catalogs and
        /// plurals, SF Symbols templates, dotLottie archives (and their DEFLATE), image and Lottie headers.
        .target(name: "AppleFormats", dependencies: ["Basics"]),
        /// The model, one target per stage in the order data flows; none imports a C library.
        /// What is drawn: the scene graph's nodes, tracks and easings, the draw commands a frame is, assets and
        /// text as the exporters and the C wrappers see them. Knows nothing of scenes, layout or UIKit's rules.
        .target(name: "Graph", dependencies: ["Basics", "AppleFormats"]),
        /// The scene file as written: its types, the bounded reader with key paths, the key table.
        .target(name: "Spec", dependencies: ["Basics"]),
        /// Spec → resolved scene: defaults, devices, colours, files found (asset catalogs, String Catalogs,
        /// fonts, SF Symbols, dotLottie). The only model stage that reads files.
        .target(name: "Resolving", dependencies: ["Basics", "AppleFormats", "Spec", "Graph"]),
        /// The one home of geometry: every frame drawn, from named UIKit metrics that cite their source.
        .target(name: "SceneLayout", dependencies: ["Basics", "AppleFormats", "Spec", "Graph", "Resolving"]),
        /// The script run through one tab bar controller: when each thing happens and why.
        .target(name: "SceneTimeline", dependencies: ["Basics", "Spec", "Graph", "Resolving", "SceneLayout"]),
        /// Frames and timeline → scene graph, and `Animation`, the bundle every command and exporter reads.
        .target(name: "Scene", dependencies: ["Basics", "AppleFormats", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline"]),
        /// Pure Swift: a Lottie file read into a model, and any (fractional) frame of it as a vector picture.
        /// No C import; the rasterizer draws the picture with cairo, the SVG writer as vectors.
        .target(name: "LottieEngine", dependencies: ["Basics"]),
        /// Pure Swift: what tabanim decides for giflib (palette indices, LZW strings). Its loops run per
        /// pixel of every frame, so it is optimized in debug builds too (`swift run`, `swift test`):
        /// unoptimized, an export took 40 times as long.
        .target(name: "GIFPlanning", dependencies: ["Concurrency", "PixelKernels"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        /// Pure Swift: pixel rectangles and the per-pixel filters that SVG defines and the rasterizer draws
        /// alike (Gaussian blur, colour tone), optimized in debug builds too, like GIFPlanning.
        .target(name: "PixelKernels", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        /// Outputs that are complete or untouched: temporaries beside each target, renamed into place (all of
        /// a run's outputs together), swept after a killed run, removed on Ctrl-C. No C import.
        .target(name: "Outputs", dependencies: ["Basics", "Concurrency"]),
        /// The thin wrappers of cairo, pango (with fontconfig), librsvg and poppler: the only home of their
        /// pointers, one final class per C resource, errors naming the C function.
        .target(name: "Graphics", dependencies: ["Basics", "Concurrency", "Graph", "LottieEngine", "PixelKernels", "CCairo", "CPangoCairo", "CPangoFT2", "CRsvg", "CPoppler"]),
        /// Drawing a frame: the assets decoded once, the rasterizer, the Lottie engine's pictures drawn with
        /// cairo, the render pipeline, poppler isolated in a child process.
        .target(name: "Drawing", dependencies: ["AppleFormats", "Basics", "Concurrency", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "PixelKernels", "LottieEngine", "Graphics", "CPoppler"]),
        /// What every format is to the commands: the exporter protocol, its options and reports, the prepared
        /// animation every exporter reads, progress.
        .target(name: "Exporting", dependencies: ["Basics", "Concurrency", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "PixelKernels", "Outputs", "Graphics", "Drawing"]),
        /// PNG frames (a folder) and single PNG frames.
        .target(name: "PNGExport", dependencies: ["Basics", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "Outputs", "Graphics", "Drawing", "Exporting", "PixelKernels"]),
        /// The GIF: frames rendered on every core, the palette, the plan, giflib writing (and reading back).
        .target(name: "GIFExport", dependencies: ["Basics", "Concurrency", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "GIFPlanning", "PixelKernels", "Outputs", "Drawing", "Exporting", "Graphics", "CGif", "CImageQuant"]),
        /// The animated WebP: full colour, lossless by default, through libwebp's animation encoder.
        .target(name: "WebPExport", dependencies: ["Basics", "Concurrency", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "Outputs", "Drawing", "Exporting", "Graphics", "CWebP"]),
        /// The MP4: H.264 (libx264) in MP4 through FFmpeg's libraries, yuv420p, constant frame rate, faststart.
        .target(name: "MP4Export", dependencies: ["Basics", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "Outputs", "Drawing", "Exporting", "Graphics", "CFFmpeg"],
                swiftSettings: [.unsafeFlags(["-Xcc", "-I/opt/homebrew/include", "-Xcc", "-I/usr/local/include"], .when(platforms: [.macOS]))]),
        /// The SVG: the scene graph as SMIL, written through libxml2's writer.
        .target(name: "SVGExport", dependencies: ["Basics", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "Outputs", "Drawing", "Exporting", "Graphics", "LottieEngine", "CXML2"]),
        /// Pure Swift, the model only: the words a reviewer reads (each event as what happened and why, the
        /// timeline report, the scene's summary, the storyboard's moments and captions).
        .target(name: "Narrative", dependencies: ["Basics", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene"]),
        /// What a reviewer sees: the storyboard sheet and the review page, which reaches the formats only
        /// through the exporters the executable's table hands it.
        /// What differs between two scenes (items, colours, badges, script, where and when on screen) and
        /// the two drawn side by side on one clock as one scene graph: `tabanim diff` and the review page.
        .target(name: "Comparison", dependencies: ["Basics", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene"]),
        .target(name: "Review", dependencies: ["Basics", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "Narrative", "Comparison", "Outputs", "Drawing", "Exporting", "Graphics"]),
        .executableTarget(name: "tabanim", dependencies: ["AppleFormats", "Basics", "Concurrency", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "LottieEngine", "Outputs", "Drawing", "PNGExport", "Exporting", "Graphics", "GIFExport", "SVGExport", "WebPExport", "MP4Export", "Narrative", "Comparison", "Review"]),
        /// The scene parser and the asset loaders as a fuzzer calls them (FuzzTests and fuzz/).
        .target(name: "FuzzTargets", dependencies: ["Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "LottieEngine", "Drawing", "PNGExport", "Exporting", "Graphics", "SVGExport"]),

        /// What more than one test suite needs: pictures compared by PSNR, with a diff image on failure; a
        /// seeded random generator.
        .target(name: "TestSupport", dependencies: ["Drawing", "Graphics"], path: "Tests/TestSupport"),
        .testTarget(name: "SceneTests", dependencies: ["AppleFormats", "Basics", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene"]),
        .testTarget(name: "ExportTests", dependencies: ["AppleFormats", "Basics", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "Outputs", "Drawing", "PNGExport", "Exporting", "Graphics", "PixelKernels", "GIFPlanning", "GIFExport", "SVGExport", "WebPExport", "MP4Export", "Narrative", "Comparison", "Review", "TestSupport", "LottieEngine"],
                    exclude: ["Golden"]),  // read by path: re-recording must write the checked-in file
        /// GIF planning's own: palette, mapping, LZW plan against what giflib writes.
        .testTarget(name: "GIFPlanningTests", dependencies: ["Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "GIFPlanning", "PixelKernels", "Outputs", "Drawing", "Exporting", "Graphics", "GIFExport", "CGif", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["Basics", "Concurrency", "tabanim", "Outputs", "Drawing", "Exporting", "Graphics", "GIFExport", "WebPExport", "TestSupport", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "Comparison"]),
        .testTarget(name: "LottieEngineTests", dependencies: ["LottieEngine", "Drawing", "Graphics", "TestSupport"]),
        .testTarget(name: "FuzzTests", dependencies: ["AppleFormats", "FuzzTargets", "Spec", "Graph", "Resolving", "SceneLayout", "SceneTimeline", "Scene", "LottieEngine", "TestSupport", "Graphics"]),
    ],
    swiftLanguageModes: [.v6]
)
