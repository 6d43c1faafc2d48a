import Basics
import Graph
import Graphics
import Resolving
import Scene

extension Typefaces {
    /// Registers the scene's `fonts` for this process and checks `tabBar.titleFont` and `badgeFont`.
    package static func register(_ scene: ResolvedScene) -> [Diagnostic] {
        let tabBar = KeyPath.root.appending("tabBar")
        return register(scene.fontFiles, checking: [(scene.tabBar.titleFamily, tabBar.appending("titleFont"), .medium),
                                                    (scene.tabBar.badgeFamily, tabBar.appending("badgeFont"), .regular)],
                        file: scene.file)
    }

    /// What drew the tab bar's texts (`summary(of:)` of `graph.tabBarTexts`).
    package static func summary(of graph: SceneGraph) -> (faces: String, standIn: String?)? { summary(of: graph.tabBarTexts) }
}
