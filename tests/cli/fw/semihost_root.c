/* Semihosting file access confined to a root directory (etsim
 * --semihost-root; tests/cli/semihost_root.sh runs this in a directory it
 * prepared).  Each attempt prints one line: what was tried and whether it
 * worked, with errno; the script compares the lines with what the root
 * allows.  Not in firmware/tests: on QEMU every attempt succeeds. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

static void try_read(const char *what, const char *path)
{
    errno = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("%s: failed (%s)\n", what, errno == ENOENT ? "ENOENT" : "other errno");
        return;
    }
    char buf[32] = {0};
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    printf("%s: read %u bytes\n", what, (unsigned)n);
}

static void try_write(const char *what, const char *path)
{
    errno = 0;
    FILE *f = fopen(path, "w");
    if (!f) {
        printf("%s: failed (%s)\n", what, errno == ENOENT ? "ENOENT" : "other errno");
        return;
    }
    fputs("written by semihost_root\n", f);
    fclose(f);
    printf("%s: written\n", what);
}

int main(void)
{
    try_read("absolute outside", "/etc/hostname");
    try_read("dotdot", "../outside.txt");
    try_read("dotdot inside", "sub/../inside.txt");
    try_read("symlink out", "link-out");
    try_read("symlink in", "link-in");
    try_read("inside", "inside.txt");
    try_read("missing inside", "no-such-file");
    try_write("create inside", "created.txt");
    try_write("create dotdot", "../created-outside.txt");
    try_write("create via dangling symlink", "dangling");
    try_write("create in symlinked dir", "dir-out/created.txt");
    errno = 0;
    int r = remove("../outside.txt");
    printf("remove dotdot: %s\n", r == 0 ? "removed" : errno == ENOENT ? "failed (ENOENT)" : "failed (other errno)");
    r = remove("created.txt");
    printf("remove inside: %s\n", r == 0 ? "removed" : "failed");
    return 0;
}
