/* Baseline for the history benchmark: open, read whole and close every *.md file under a
 * folder, in one process. This is the least work any listing that looks at every file does. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char buffer[1 << 16];
static long files;

static int visit(const char *path, const struct stat *info, int type, struct FTW *ftw) {
    (void)info; (void)ftw;
    size_t length = strlen(path);
    if (type != FTW_F || length < 3 || strcmp(path + length - 3, ".md") != 0) return 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    while (read(fd, buffer, sizeof buffer) > 0) {}
    close(fd);
    files++;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: readall FOLDER\n"); return 2; }
    if (nftw(argv[1], visit, 64, FTW_PHYS) != 0) { perror("nftw"); return 1; }
    printf("%ld\n", files);
    return 0;
}
