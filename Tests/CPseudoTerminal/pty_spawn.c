#define _GNU_SOURCE
#include "pty_spawn.h"
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <util.h>
#else
#include <pty.h>
#endif

pid_t say_pty_spawn(const char *path, char *const argv[], char *const envp[],
                    unsigned short rows, unsigned short cols, int *master_fd) {
    struct winsize size = {0};
    size.ws_row = rows;
    size.ws_col = cols;
    int master = -1;
    pid_t pid = forkpty(&master, NULL, NULL, &size);
    if (pid < 0) return -1;
    if (pid == 0) {
        // Start the program as a shell would: nothing blocked, nothing ignored. The test
        // runner's threads block signals, and a forked child inherits the mask.
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int number = 1; number < NSIG; number++) {
            if (number != SIGKILL && number != SIGSTOP) signal(number, SIG_DFL);
        }
        execve(path, argv, envp);
        _exit(127);
    }
    int flags = fcntl(master, F_GETFD);
    if (flags >= 0) fcntl(master, F_SETFD, flags | FD_CLOEXEC);
    *master_fd = master;
    return pid;
}

int say_pty_resize(int master_fd, unsigned short rows, unsigned short cols) {
    struct winsize size = {0};
    size.ws_row = rows;
    size.ws_col = cols;
    return ioctl(master_fd, TIOCSWINSZ, &size);
}
