#include <poppler.h>
#include <cairo-svg.h>

/// Reading a GError's message is a field access on a C struct pointer: one place for it.
static inline const char *tabanim_poppler_error_message(const GError *error) {
    return error ? error->message : "unknown error";
}

/// A child process (tabanim's PDF reader) asks the kernel to kill it when its parent dies: prctl is
/// variadic, which Swift cannot call. A no-op where Linux's PR_SET_PDEATHSIG does not exist (the child
/// checks its parent's pid instead).
#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>
static inline int tabanim_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL); }
#else
static inline int tabanim_die_with_parent(void) { return 0; }
#endif
