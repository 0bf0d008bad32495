#ifndef SAY_CGIT2_SHIM_H
#define SAY_CGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/index.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one fixed-argument form per option used. */
static inline int say_git_set_ssl_cert_locations(const char *file, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path);
}
#endif
