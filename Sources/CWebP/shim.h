// libwebp: still frames encoded (libwebp), assembled into an animation by the muxer (libwebpmux) and, to read
// back what it wrote, the animation decoder (libwebpdemux). Their Init functions are static inline wrappers
// that pass the ABI version: Swift calls them as they are.
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
