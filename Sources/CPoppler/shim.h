#include <poppler.h>
#include <cairo-svg.h>

/// Reading a GError's message is a field access on a C struct pointer: one place for it.
static inline const char *tabanim_poppler_error_message(const GError *error) {
    return error ? error->message : "unknown error";
}
