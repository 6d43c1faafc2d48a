import Drawing
import Foundation
import Graph
import Graphics
import PNGExport
import Resolving
import SVGExport
import Scene
import Spec

/// What a fuzzer feeds hostile bytes to: the scene parser with everything downstream of it, and the asset
/// loaders. Any outcome but a crash, a hang or a sanitizer report is fine: errors are what bad input should
/// get. Used by the seeded mutator in `swift test` (FuzzTests) and by the libFuzzer targets in `fuzz/`.
public enum FuzzTargets {
    /// A folder with one valid file of each kind that fuzzed scenes may name: `icon.svg`, `icon.png`,
    /// `shot.png`, `lottie/tabbar1.json`, `spin.json`.
    public static let assets: URL = makeAssets()

    /// How far an input got.
    public enum Outcome: Sendable {
        /// Not JSON, or not the shape of a scene.
        case refusedWhileParsing
        /// Parsed, but refused by the resolver (ranges, files, limits).
        case refusedWhileResolving
        /// Resolved, timed, sampled and drawn.
        case drawn
    }

    /// Parses `data` as a scene; when it resolves, lays it out, runs its timeline, samples its graph at a
    /// few moments (retimed too), writes its SVG and draws one small frame.
    @discardableResult
    public static func scene(_ data: Data) -> Outcome {
        guard let spec = try? SceneSpec.parse(data, file: "fuzz.json") else { return .refusedWhileParsing }
        guard let scene = try? SceneResolver(file: "fuzz.json", baseDirectory: assets).resolve(spec) else { return .refusedWhileResolving }
        let animation = Animation(scene)
        _ = animation.timeline.events.count
        let duration = scene.export.duration
        for t in [0, duration / 3, duration * 0.999, duration] { _ = animation.graph.sample(at: t) }
        let frames = max(1, scene.export.frameCount / 2)
        _ = animation.retimed(start: duration / 4, speed: 0.5, frameCount: frames).graph.sample(at: duration / 8)
        // Drawn small, so that every input stays fast; the pixels are not the point, the code paths are.
        let small = animation.scaled(to: 0.05)
        _ = try? SVGExporter(small, pdf: InProcessPDFConverter()).document()
        _ = try? PNGExporter(small, pdf: InProcessPDFConverter()).frame(at: duration / 2)
        return .drawn
    }

    /// The first byte picks the loader, the rest is the file: a PNG (cairo, libpng), an SVG (librsvg,
    /// drawn once), a Lottie file (tabanim's own reader and engine) or a PDF (poppler, its first page turned into an SVG and
    /// drawn once; called in this process here, though the command line isolates it too).
    public static func asset(_ data: Data) {
        guard let kind = data.first else { return }
        let body = Data(data.dropFirst())
        switch kind % 4 {
        case 0: _ = AssetCheck.problems(in: [asset(body, .png)], file: "fuzz.json")
        case 1: _ = AssetCheck.problems(in: [asset(body, .svg)], file: "fuzz.json")
        case 3: _ = AssetCheck.problems(in: [asset(body, .pdf)], file: "fuzz.json")
        default:
            let url = assets.appendingPathComponent("fuzz-\(getpid()).json")
            guard FileManager.default.createFile(atPath: url.path, contents: body) else { return }
            let scene = #"{"tabBar": {"items": [{"animation": "\#(url.lastPathComponent)"}]}}"#
            if let spec = try? SceneSpec.parse(Data(scene.utf8), file: "fuzz.json") {
                _ = try? SceneResolver(file: "fuzz.json", baseDirectory: assets).resolve(spec)
            }
            try? FileManager.default.removeItem(at: url)  // fuzzed scenes must not name it
        }
    }

    private static func asset(_ data: Data, _ format: Asset.Format) -> Asset {
        Asset(source: .builtIn(name: "fuzz", data: data), format: format, displayName: "fuzz", keyPath: .root)
    }

    private static func makeAssets() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("lottie"), withIntermediateDirectories: true)
        let icon = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 12l9-9 9 9v9H3z"/></svg>"#
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("icon.svg").path, contents: Data(icon.utf8))
        let png = (try? ImageSurface(width: 4, height: 8).pngData()) ?? Data()
        for name in ["icon.png", "shot.png"] { _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: png) }
        let lottie = #"""
            {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":24,"h":24,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},
             "shapes":[{"ty":"rc","p":{"a":0,"k":[12,12]},"s":{"a":0,"k":[12,12]},"r":{"a":0,"k":0}},
                       {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """#
        for name in ["lottie/tabbar1.json", "spin.json"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data(lottie.utf8))
        }
        return folder
    }
}
