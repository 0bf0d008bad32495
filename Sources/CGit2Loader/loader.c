/* Loads libgit2 when say first needs it: see trampolines.S for how its functions reach it. */
#include "CGit2Loader.h"

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#include <dlfcn.h>
#include <git2/version.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

/* The library of the headers say was built with: another libgit2 version may differ in layout. */
static const char library[] = "libgit2.so." LIBGIT2_SOVERSION;

struct say_git_entry {
    const char *name;
    void **slot;
};
extern const struct say_git_entry say_git_table[] __attribute__((visibility("hidden")));

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[512];

static void load(void) {
    /* Global, as a library linked at start would be: this program's stand-ins for a few of its
     * dependencies' functions find the real ones past themselves (see LibGit2.swift). */
    void *handle = dlopen(library, RTLD_LAZY | RTLD_GLOBAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : library);
        return;
    }
    for (const struct say_git_entry *entry = say_git_table; entry->name != NULL; entry++) {
        void *function = dlsym(handle, entry->name);
        if (function == NULL) {
            snprintf(failure, sizeof failure, "%s has no %s", library, entry->name);
            return;
        }
        __atomic_store_n(entry->slot, function, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
}

/* Called by a function's first use (trampolines.S), with its arguments saved. */
__attribute__((visibility("hidden"))) void say_git_load_or_exit(void) { say_git_load(); }

void say_git_load(void) {
    pthread_once(&once, load);
    if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return;
    /* say cannot go on without libgit2 (a program linked to it would not even have started):
     * it says what to install, with no word of what the person was doing. */
    char message[768];
    int length = snprintf(message, sizeof message,
                          "say: libgit2 could not be loaded (%s). Install it (Debian and Ubuntu: "
                          "sudo apt-get install libgit2-dev) and try again.\n", failure);
    if (length > 0) {
        ssize_t ignored = write(STDERR_FILENO, message, (size_t)length < sizeof message ? (size_t)length : sizeof message - 1);
        (void)ignored;
    }
    _exit(1);
}

static void *preload(void *unused) {
    (void)unused;
    pthread_once(&once, load);
    return NULL;
}

void say_git_preload(void) {
    pthread_t thread;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    /* Without a thread, the first call loads it instead. */
    (void)pthread_create(&thread, &attributes, preload, NULL);
    pthread_attr_destroy(&attributes);
}

#else

void say_git_preload(void) {}
void say_git_load(void) {}

#endif
