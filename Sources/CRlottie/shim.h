#include <rlottie_capi.h>

#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>
/// `prctl` is variadic, which Swift cannot call. The Lottie player is a child process of tabanim: it asks
/// the kernel to kill it when tabanim dies, by any signal (SIGKILL included), so that no player outlives
/// an interrupted export.
static inline int tabanim_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL); }
#else
static inline int tabanim_die_with_parent(void) { return 0; }
#endif
