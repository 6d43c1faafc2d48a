import CCairo

extension CairoContext {
    /// Makes every pixel transparent black, whatever was drawn before (for a surface drawn again).
    package func clear() {
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_CLEAR)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}
