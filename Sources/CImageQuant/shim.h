#include <stddef.h>
#include <libimagequant.h>
