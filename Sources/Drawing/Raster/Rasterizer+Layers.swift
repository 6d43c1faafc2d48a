import Foundation
import GIFPlanning
import Scene

extension Rasterizer {
    /// A frame's commands in two layers: `base`, every command no text can change, and `top`, the texts and
    /// whatever must be drawn after one of them, each in its order. A command after a text joins the base
    /// when the pixels it touches (`pixels(touchedBy:)`) meet none of the top's: two draws that touch no
    /// pixel in common give the same pixels in either order, so base then top draws the frame exactly. nil
    /// when there is no text, or a text's extent is unknown (then nothing can be moved past it).
    func layers(of commands: [DrawCommand]) -> (base: [DrawCommand], top: [DrawCommand])? {
        var base: [DrawCommand] = [], top: [DrawCommand] = []
        var topBoxes: [PixelBox] = []
        var bounded = true
        for command in commands {
            let isText = if case .text = command.primitive { true } else { false }
            let box = top.isEmpty && !isText ? nil : pixels(touchedBy: command)
            if !isText, top.isEmpty || (bounded && box.map { box in topBoxes.allSatisfy { $0.intersection(box).isEmpty } } == true) {
                base.append(command)
                continue
            }
            top.append(command)
            if let box { topBoxes.append(box) } else { bounded = false }
        }
        return top.isEmpty ? nil : (base, top)
    }

    /// `redraw` with the base layers from `sharedLayers`: drawn here over this rasterizer's last base (and
    /// kept there for the other exports) or found drawn by another; then, where the frame changes from
    /// `earlier` (as `redrawWhole` finds it), the base's pixels put back and the top drawn over them. nil
    /// when the frame has nothing to share (no text) or the layers cannot take it: for `redrawWhole`.
    func redrawLayered(_ commands: [DrawCommand], at t: TimeInterval, over earlier: Drawn?) throws(SceneError) -> Drawn? {
        guard let sharedLayers, let (base, top) = layers(of: commands) else { return nil }
        let key = SharedBaseLayers.Key(time: t, width: pixelWidth, height: pixelHeight, scale: scale, background: graph.background,
                                       fingerprint: SharedBaseLayers.fingerprint(of: base))
        let basePixels: [UInt32]?
        do {
            basePixels = try sharedLayers.pixels(for: key, commands: base) {
                let drawn = try redrawWhole(base, at: t, over: lastBase)
                lastBase = drawn
                return drawn.surface.premultipliedARGB()
            }
        } catch let error as SceneError {
            throw error
        } catch {
            throw SceneError(.render, file: file, keyPath: nil, "drawing the frame at \(t) s failed: \(error)")
        }
        guard let basePixels else { return nil }
        let frame = PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        var changed: PixelBox?
        var surface: ImageSurface?
        if let earlier, earlier.surface.width == pixelWidth, earlier.surface.height == pixelHeight {
            surface = earlier.surface
            if let box = changedPixels(from: earlier.commands, to: commands) {
                guard !box.isEmpty else { return Drawn(surface: earlier.surface, commands: commands, changed: box) }
                changed = wholeShapes(commands, around: box)
            }
        }
        do {
            let target = try surface ?? ImageSurface(width: pixelWidth, height: pixelHeight)
            let box = changed ?? frame
            target.replacePixels(within: box, from: basePixels)
            let context = try CairoContext(target)
            if changed != nil {
                context.rectangle(x: Double(box.minX), y: Double(box.minY), width: Double(box.width), height: Double(box.height))
                context.clip()
            }
            for command in top where changed == nil || drawsInside(box, command) {
                try draw(command, base: self.base, in: context)
            }
            try context.status()
            return Drawn(surface: target, commands: commands, changed: changed)
        } catch let error as SceneError {
            throw error
        } catch {
            throw SceneError(.render, file: file, keyPath: nil, "drawing the frame at \(t) s failed: \(error)")
        }
    }
}
