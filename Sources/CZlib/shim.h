#ifndef SAY_CZLIB_SHIM_H
#define SAY_CZLIB_SHIM_H
#include <zlib.h>
#endif
