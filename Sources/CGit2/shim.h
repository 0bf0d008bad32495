#ifndef SAY_CGIT2_SHIM_H
#define SAY_CGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/index.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>
#endif
