// FFmpeg's libraries: H.264 through libavcodec (libx264), MP4 through libavformat, RGBA → YUV through
// libswscale. Swift cannot call the function-like macros below, so they become small functions.
//
// The libraries are not linked: loading them and their 130 dependencies took ≈ 64 ms at the start of every
// tabanim process (a GIF, a PNG frame, each Lottie child process), a tenth of a small GIF's export. They are
// opened with dlopen the first time an MP4 is written (`tabanim_ffmpeg_load`), by the major version of the
// headers built against, so the ABI is the one these declarations describe. Neither the module map nor
// Package.swift (no pkgConfig for this target) names the libraries to the linker, so a direct call of an
// FFmpeg function does not link: call them only through the table (and a CLI test checks that tabanim
// loads no FFmpeg library at start).
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/opt.h>
#include <libavutil/imgutils.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// AVERROR(EAGAIN): "send more input" from avcodec_receive_packet.
static inline int tabanim_averror_again(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the encoder is drained.
static inline int tabanim_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR(ENOSYS) for a seek the output cannot do.
static inline int tabanim_averror_seek(void) { return AVERROR(ENOSYS); }

/// Every FFmpeg function tabanim calls, with the library that exports it.
#define TABANIM_FFMPEG_FUNCTIONS(F) \
    F(avutil, av_log_set_level) \
    F(avutil, av_strdup) \
    F(avutil, av_d2q) \
    F(avutil, av_opt_set) \
    F(avutil, av_malloc) \
    F(avutil, av_free) \
    F(avutil, av_freep) \
    F(avutil, av_dict_set) \
    F(avutil, av_dict_free) \
    F(avutil, av_frame_alloc) \
    F(avutil, av_frame_get_buffer) \
    F(avutil, av_frame_make_writable) \
    F(avutil, av_frame_free) \
    F(avutil, av_strerror) \
    F(avcodec, avcodec_find_encoder_by_name) \
    F(avcodec, avcodec_find_encoder) \
    F(avcodec, avcodec_alloc_context3) \
    F(avcodec, avcodec_open2) \
    F(avcodec, avcodec_parameters_from_context) \
    F(avcodec, avcodec_send_frame) \
    F(avcodec, avcodec_receive_packet) \
    F(avcodec, avcodec_free_context) \
    F(avcodec, av_packet_alloc) \
    F(avcodec, av_packet_rescale_ts) \
    F(avcodec, av_packet_unref) \
    F(avcodec, av_packet_free) \
    F(avformat, avformat_alloc_output_context2) \
    F(avformat, avformat_new_stream) \
    F(avformat, avformat_write_header) \
    F(avformat, avformat_free_context) \
    F(avformat, av_write_trailer) \
    F(avformat, av_interleaved_write_frame) \
    F(avformat, avio_alloc_context) \
    F(avformat, avio_flush) \
    F(avformat, avio_context_free) \
    F(swscale, sws_getContext) \
    F(swscale, sws_scale) \
    F(swscale, sws_setColorspaceDetails) \
    F(swscale, sws_getCoefficients) \
    F(swscale, sws_freeContext)

/// The functions, each typed as the headers declare it (`__typeof__` names the function without
/// referring to its symbol).
typedef struct TabanimFFmpeg {
#define TABANIM_FFMPEG_FIELD(library, name) __typeof__(&name) _Nonnull name;
    TABANIM_FFMPEG_FUNCTIONS(TABANIM_FFMPEG_FIELD)
#undef TABANIM_FFMPEG_FIELD
} TabanimFFmpeg;

/// Opens lib`stem` of this major version: by its soname on Linux; on macOS by its install name, also in
/// Homebrew's two prefixes (which dlopen does not search by itself). NULL when none opens.
static inline void *tabanim_ffmpeg_open(const char *stem, int major) {
#if defined(__APPLE__)
    static const char *const patterns[] = {"lib%s.%d.dylib", "/opt/homebrew/lib/lib%s.%d.dylib", "/usr/local/lib/lib%s.%d.dylib"};
#else
    static const char *const patterns[] = {"lib%s.so.%d"};
#endif
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, patterns[i], stem, major);
        void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (handle) return handle;
    }
    return NULL;
}

/// Loads the four libraries and looks every function up. Returns a table that lives as long as the process
/// (the libraries are never closed), or NULL with `error` saying what is missing. Call once (Swift keeps
/// the result in a `static let`).
static inline const TabanimFFmpeg *_Nullable tabanim_ffmpeg_load(char *_Nonnull error, size_t size) {
    // Each in turn, stopping at the first that does not open, so that dlerror() speaks of that one.
#define TABANIM_FFMPEG_OPEN(library, MAJOR) \
    void *library = tabanim_ffmpeg_open(#library, MAJOR); \
    if (!library) { \
        const char *reason = dlerror(); \
        snprintf(error, size, "cannot load lib%s (%s)", #library, reason ? reason : "not found"); \
        return NULL; \
    }
    TABANIM_FFMPEG_OPEN(avutil, LIBAVUTIL_VERSION_MAJOR)
    TABANIM_FFMPEG_OPEN(swscale, LIBSWSCALE_VERSION_MAJOR)
    TABANIM_FFMPEG_OPEN(avcodec, LIBAVCODEC_VERSION_MAJOR)
    TABANIM_FFMPEG_OPEN(avformat, LIBAVFORMAT_VERSION_MAJOR)
#undef TABANIM_FFMPEG_OPEN
    TabanimFFmpeg *table = malloc(sizeof *table);
    if (!table) { snprintf(error, size, "out of memory"); return NULL; }
#define TABANIM_FFMPEG_LOOKUP(library, name) \
    { void *symbol = dlsym(library, #name); \
      if (!symbol) { snprintf(error, size, "lib%s has no %s", #library, #name); free(table); return NULL; } \
      memcpy(&table->name, &symbol, sizeof symbol); }
    TABANIM_FFMPEG_FUNCTIONS(TABANIM_FFMPEG_LOOKUP)
#undef TABANIM_FFMPEG_LOOKUP
    return table;
}
