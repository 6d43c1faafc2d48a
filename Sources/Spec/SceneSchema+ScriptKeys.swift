import Foundation

/// `script[i]`: a tap, a scroll or a badge change at a time (`$defs/tap`), and the timing curves the
/// transition, scrolls and effects use (`$defs/curve`). Re-record `Assets/scene.schema.json` after an edit:
/// `tabanim schema > Assets/scene.schema.json`.
extension SceneSchema {
    /// `$defs/tap`: one entry of `script`, a tap, a scroll or a badge change (`SceneSpec.script`, `TapSpec`).
    static let tapDefinition = SchemaNode(
        type: [.object],
        description: #"One entry of the script: a tap ("tap"), a scroll ("scroll"), a badge change ("badge"), the sidebar shown or hidden ("sidebar"), the iPhone Duo folded, unfolded or turned ("posture") or its rail pressed ("press"), at a time."#,
        additionalProperties: false, required: ["at"],
        properties: [
            "at": SchemaNode(
                type: [.number],
                description: "Seconds from the start of the loop, 0 or more and before the loop's end (export.duration; the loop lasts at most 120 s, the duration limit, which --limit duration=N changes). Required.",
                minimum: 0, exclusiveMaximum: 120),
            "tap": SchemaNode(
                description: #"What is tapped: an item index (counting from 0), "center" (the center button), or a screen point {"x", "y"} in points that goes through hit testing. Required."#,
                oneOf: [
                    SchemaNode(
                        type: [.integer],
                        description: "A bar item by index, counting from 0; must exist. A user tap: selects it and calls didSelect, also on a re-tap.",
                        minimum: 0, maximum: 4),
                    SchemaNode(
                        const: "center",
                        description: "The center button: selects its item programmatically and (re)starts the spin. The scene must have a button."),
                    SchemaNode(
                        type: [.object],
                        description: "A point in screen coordinates (points, origin at the top left), resolved by hit testing: the button's frame first (also the part above the bar), then the item columns (49 pt tall); a point in the safe area under the items, on the content or off screen is an ignored tap.",
                        additionalProperties: false, required: ["x", "y"],
                        properties: [
                            "x": SchemaNode(type: [.number], description: "Points from the screen's left edge."),
                            "y": SchemaNode(type: [.number], description: "Points from the screen's top edge."),
                        ]),
                    SchemaNode(
                        type: [.null], description: "Same as leaving the key out (then badge is required)."),
                ]),
            "badge": SchemaNode(
                type: [.object, .null],
                description: #"badgeValue set in code (instead of a tap): shown at once, or popped in with tabBar.badgeAnimation "pop"."#,
                additionalProperties: false, required: ["item", "value"],
                properties: [
                    "item": SchemaNode(
                        type: [.integer], description: "The item, counting from 0.", minimum: 0, maximum: 4),
                    "value": SchemaNode(
                        type: [.string, .null],
                        description: #"The new badge text ("5", "99+", "" for the empty disc), or null to clear it."#),
                ]),
            "press": SchemaNode(
                type: [.number, .null],
                description: "The iPhone Duo's vertical rail pressed for this many seconds, 0.1 to 10 (instead of a tap): it widens to 72 pt and shows every tab's label until the finger lifts; nothing is selected. On a screen without a rail it changes nothing.",
                minimum: 0.1, maximum: 10),
            "posture": SchemaNode(
                type: [.string, .null], enum: PostureAction.schemaWords + [.null],
                description: #"The iPhone Duo (device "iphone-duo-outer" or "iphone-duo-inner") unfolded to its inner display, folded to its outer one, or turned to "portrait" or "landscape" (instead of a tap): the scene is laid out again on the new screen, the bar taking the form iOS 27.1 gives it there, crossfading over 0.35 s. The output is as large as the largest display shown, each screen at its top-left corner, black around it."#),
            "sidebar": SchemaNode(
                type: [.string, .null], enum: SidebarAction.schemaWords + [.null],
                description: #"The iPad's sidebar (tabBar.sidebar) shown, hidden or toggled (instead of a tap): it slides in from the leading edge as the top bar fades, or back."#),
            "scroll": SchemaNode(
                type: [.object, .null],
                description: "The selected tab's content scrolled (instead of a tap), kept between its top and its end; it may minimize the bar (tabBar.minimizeBehavior).",
                additionalProperties: false, required: ["by"],
                properties: [
                    "by": SchemaNode(
                        type: [.number], description: "Points; positive scrolls down (the content moves up).", minimum: -100000,
                        maximum: 100000),
                    "duration": SchemaNode(
                        type: [.number], description: "Seconds of a programmatic scroll. Default 0.5 (chosen). Not with fling.",
                        minimum: 0.01, maximum: 30),
                    "curve": SchemaNode(
                        ref: "curve",
                        description: #"The timing curve of a programmatic scroll. Default "linear": Apple documents setContentOffset(_:animated:) as moving at a constant velocity. Not with fling."#),
                    "fling": SchemaNode(
                        type: [.boolean, .null],
                        description: #"A flick that comes to rest "by" points away, decelerating at UIScrollView.DecelerationRate.normal (0.998 per millisecond). Default false."#),
                ]),
        ],
        oneOf: oneEntryKind(["tap", "badge", "scroll", "sidebar", "posture", "press"]))

    /// `script[i]`'s `oneOf`: one branch per kind of entry, its own key given (not null) and every other
    /// kind's null or absent.
    static func oneEntryKind(_ kinds: [String]) -> [SchemaNode] {
        kinds.map { kind in
            var branch = SchemaNode(required: [kind])
            branch.properties = [(key: kind, node: SchemaNode(not: .node(SchemaNode(type: [.null]))))]
                + kinds.filter { $0 != kind }.map { (key: $0, node: SchemaNode(type: [.null])) }
            return branch
        }
    }

    /// `$defs/curve`: a timing curve, by name or as Bézier control points (`CurveSpec`).
    static let curveDefinition = SchemaNode(
        oneOf: [
            SchemaNode(type: [.string], enum: CurveName.schemaWords, description: "A named Core Animation curve."),
            SchemaNode(
                type: [.array],
                description: "Cubic Bézier control points [x1, y1, x2, y2], as in CSS; x1 and x2 between 0 and 1, y1 and y2 between -10 and 10.",
                minItems: 4, maxItems: 4,
                prefixItems: [
                    SchemaNode(type: [.number], description: "x1, 0 to 1.", minimum: 0, maximum: 1),
                    SchemaNode(
                        type: [.number], description: "y1, -10 to 10 (outside 0 to 1: an overshoot).", minimum: -10, maximum: 10),
                    SchemaNode(type: [.number], description: "x2, 0 to 1.", minimum: 0, maximum: 1),
                    SchemaNode(
                        type: [.number], description: "y2, -10 to 10 (outside 0 to 1: an overshoot).", minimum: -10, maximum: 10),
                ],
                items: .nothing),
            SchemaNode(type: [.null], description: "Same as leaving the key out: easeInEaseOut."),
        ])
}
