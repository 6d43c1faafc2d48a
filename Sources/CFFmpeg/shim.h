// FFmpeg's libraries: H.264 through libavcodec (libx264), MP4 through libavformat, RGBA → YUV through
// libswscale. Swift cannot call the function-like macros below, so they become small functions.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/opt.h>
#include <libavutil/imgutils.h>
#include <errno.h>
#include <unistd.h>

/// AVERROR(EAGAIN): "send more input" from avcodec_receive_packet.
static inline int tabanim_averror_again(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the encoder is drained.
static inline int tabanim_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR(ENOSYS) for a seek the output cannot do.
static inline int tabanim_averror_seek(void) { return AVERROR(ENOSYS); }
