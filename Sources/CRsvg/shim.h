#include <librsvg/rsvg.h>

/// `g_error_free` is fine to call, but reading the message needs a field access on a C struct pointer;
/// this keeps GError handling in one place.
static inline const char *tabanim_gerror_message(const GError *error) {
    return error ? error->message : "unknown error";
}
