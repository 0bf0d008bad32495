#ifndef SAY_CGIT2_LOADER_H
#define SAY_CGIT2_LOADER_H

/* On Linux, libgit2 (and the fourteen libraries it brings: TLS, SSH, Kerberos...) is loaded the
 * first time say calls one of its functions, not when the program starts, so commands that never
 * touch git start without it (see trampolines.S). Elsewhere these do nothing. */

/* Starts loading libgit2 on a thread of its own, for a command that will use it soon. */
void say_git_preload(void);

/* Loads libgit2 now, if it is not loaded yet; ends the program with a message saying what to
 * install when it cannot be loaded. */
void say_git_load(void);

#endif
