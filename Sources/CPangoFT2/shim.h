// fontconfig and pango's fontconfig font map: the fonts a scene lists (`fonts`) are registered in a
// fontconfig configuration of tabanim's own, and every layout is made through a pango font map bound to it,
// on Linux and on macOS alike (pango's default map on macOS is CoreText's, which would not see them).
// The helpers below keep fontconfig's structs and macros out of Swift.
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <string.h>

/// The number of faces in `file` that fontconfig can read (0: not a font), and the first one's family,
/// copied into `family` (at most `size` bytes, NUL-terminated). FcFileScan fills a font set, which Swift
/// would have to walk through fontconfig's struct; this reads it here.
static inline int tabanim_font_file_faces(const char *file, char *family, int size) {
    FcFontSet *set = FcFontSetCreate();
    if (!set) return 0;
    int faces = 0;
    if (FcFileScan(set, NULL, NULL, NULL, (const FcChar8 *)file, FcTrue)) {
        faces = set->nfont;
        FcChar8 *name = NULL;
        if (faces > 0 && size > 0 && FcPatternGetString(set->fonts[0], FC_FAMILY, 0, &name) == FcResultMatch && name) {
            strncpy(family, (const char *)name, (size_t)size - 1);
            family[size - 1] = 0;
        }
    }
    FcFontSetDestroy(set);
    return faces;
}

/// A configuration with the system's fonts and the application fonts `files`: a new one for each set of
/// files, so that a configuration in use by a font map is never changed under it.
static inline FcConfig *tabanim_config_new(const char *const *files, int count) {
    FcConfig *config = FcInitLoadConfigAndFonts();
    if (!config) return NULL;
    for (int i = 0; i < count; i++) FcConfigAppFontAddFile(config, (const FcChar8 *)files[i]);
    return config;
}

static inline void tabanim_config_destroy(FcConfig *config) { FcConfigDestroy(config); }

/// A pango cairo font map over `config` (a fontconfig map even where pango's default is not); the caller
/// releases it with g_object_unref. PANGO_FC_FONT_MAP is a cast macro.
static inline PangoFontMap *tabanim_font_map_new(FcConfig *config) {
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (map && PANGO_IS_FC_FONT_MAP(map)) pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    return map;
}

/// The face of `config` that `family` at fontconfig weight `weight` names (matched by name, not a
/// fallback): its character set, which the caller releases with FcCharSetDestroy, and its family and style
/// copied out; NULL when the family is not a font of `config`. One FcFontMatch sorts every system font, so
/// the caller keeps the answer per family and weight, and asks the set for each text's characters
/// (`tabanim_charset_covers`).
static inline FcCharSet *tabanim_face_match(FcConfig *config, const char *family, int weight,
                                            char *matched, int matchedSize, char *style, int styleSize) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return NULL;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pattern, FC_WEIGHT, weight);
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(config, pattern, &result);
    FcPatternDestroy(pattern);
    if (!match) return NULL;
    FcCharSet *found = NULL;
    FcChar8 *name = NULL, *styleName = NULL;
    FcCharSet *charset = NULL;
    if (FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch && name
        && FcStrCmpIgnoreCase(name, (const FcChar8 *)family) == 0
        && FcPatternGetCharSet(match, FC_CHARSET, 0, &charset) == FcResultMatch && charset) {
        found = FcCharSetCopy(charset);
        if (matchedSize > 0) { strncpy(matched, (const char *)name, (size_t)matchedSize - 1); matched[matchedSize - 1] = 0; }
        if (styleSize > 0 && FcPatternGetString(match, FC_STYLE, 0, &styleName) == FcResultMatch && styleName) {
            strncpy(style, (const char *)styleName, (size_t)styleSize - 1);
            style[styleSize - 1] = 0;
        }
    }
    FcPatternDestroy(match);
    return found;
}

/// Whether `charset` has every character of `chars`.
static inline int tabanim_charset_covers(const FcCharSet *charset, const unsigned int *chars, int count) {
    for (int i = 0; i < count; i++) if (!FcCharSetHasChar(charset, chars[i])) return 0;
    return 1;
}

static inline void tabanim_charset_destroy(FcCharSet *charset) { FcCharSetDestroy(charset); }

/// fontconfig's weights for CSS's 400, 500 and 600 (FC_WEIGHT_* are macros).
static inline int tabanim_fc_weight(int css) {
    return css >= 600 ? FC_WEIGHT_DEMIBOLD : css >= 500 ? FC_WEIGHT_MEDIUM : FC_WEIGHT_REGULAR;
}
