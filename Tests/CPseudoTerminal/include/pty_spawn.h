#ifndef SAY_PTY_SPAWN_H
#define SAY_PTY_SPAWN_H
#include <sys/types.h>

/// Starts `path` with `argv` and `envp` in a new session whose controlling terminal is a new
/// pseudo-terminal of `rows` x `cols`. Returns the child's pid and stores the terminal's
/// controlling side in `*master_fd`, or returns -1 with errno set.
/// The child only resets its signal mask and dispositions (as a shell would) and calls execve
/// after forkpty, all async-signal-safe, so this is safe from a threaded process.
pid_t say_pty_spawn(const char *path, char *const argv[], char *const envp[],
                    unsigned short rows, unsigned short cols, int *master_fd);

/// Sets the window size of the pseudo-terminal; the kernel sends SIGWINCH to its foreground job.
int say_pty_resize(int master_fd, unsigned short rows, unsigned short cols);

#endif
