#include <libxml/xmlversion.h>
/// Debian's libxml2 is built with ICU; its headers then pull in ICU types that clash with
/// Foundation's own copy (`UErrorCode` defined twice). tabanim uses no ICU part of libxml2.
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlwriter.h>
#include <libxml/parser.h>

/// `xmlFree` is a C global function pointer, which Swift 6 treats as shared mutable state.
/// Calling it from C keeps the Swift side concurrency-clean.
static inline void tabanim_xml_free(void *pointer) {
    xmlFree(pointer);
}
