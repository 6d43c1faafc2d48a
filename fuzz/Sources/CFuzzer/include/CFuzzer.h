#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (LLVM 11 and later), for a program that has its own `main`: SwiftPM gives every
/// executable one, so the fuzzers call the driver instead of linking libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
