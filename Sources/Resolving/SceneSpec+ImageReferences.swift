import Basics
import Foundation
import Graph
import Spec

/// An image path as the scene file writes it, and the key that names it.
public struct ImageReference: Sendable, Equatable {
    public var keyPath: KeyPath
    /// Relative to the scene file's folder, unless it starts with `/`.
    public var path: String
}

extension SceneSpec {
    /// Every file the scene names, in file order: `tabBar.items[i].icon`, `.selectedIcon` and Lottie
    /// `.animation`, `tabBar.accessory.image`, `centerButton.image`, `contents[i].screenshot`. Whether the files exist is not checked.
    public var imageReferences: [ImageReference] {
        var references: [ImageReference] = []
        func add(_ path: String?, _ keyPath: KeyPath) {
            if let path { references.append(ImageReference(keyPath: keyPath, path: path)) }
        }
        for (index, item) in (tabBar?.items ?? []).enumerated() {
            let itemPath = KeyPath.root.appending("tabBar").appending("items").appending(index)
            add(item.icon, itemPath.appending("icon"))
            add(item.selectedIcon, itemPath.appending("selectedIcon"))
            if case .lottie(let file, _, _)? = item.animation { add(file, itemPath.appending("animation")) }
        }
        add(tabBar?.accessory?.image, KeyPath.root.appending("tabBar").appending("accessory").appending("image"))
        if case .value(let button) = centerButton { add(button.image, KeyPath.root.appending("centerButton").appending("image")) }
        for (index, content) in (contents ?? []).enumerated() {
            add(content.screenshot, KeyPath.root.appending("contents").appending(index).appending("screenshot"))
        }
        return references
    }
}

extension SceneResolver {
    /// Where an image path points: relative paths start at the scene file's folder.
    public func assetURL(_ path: String) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)).standardizedFileURL
    }

    /// The images of `spec` that exist and have a known format, whatever else is wrong with the scene: so
    /// that `tabanim validate` can decode them and report an unreadable image together with the other problems.
    public func existingAssets(in spec: SceneSpec) -> [Asset] {
        var ignored = Problems(file: file)
        return spec.imageReferences.compactMap { asset($0.path, at: $0.keyPath, allowed: [.svg, .png], &ignored) }
    }
}
