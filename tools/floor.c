/* The floor of `specrender render` on this machine (issue 23 item 2): a process that does only
 * the I/O a render does and none of its work. It reads the input JSON and every file in the
 * assets folder (as the render reads the pictures), then writes PACKAGE's bytes (the render's
 * own output, made beforehand: mapped, not computed) and REPORT's to temporary files beside
 * OUT and OUT_QC, syncs both, renames them into place and syncs the folder, as
 * src/outputs.rs does. No layout, no XML, no deflate, no fonts.
 *
 *     cc -O2 -o floor tools/floor.c
 *     floor INPUT ASSETS PACKAGE REPORT OUT OUT_QC
 *
 * tools/bench-process.py --floor builds it and times it beside `specrender render`.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void die(const char *what) {
    perror(what);
    exit(3);
}

/* The whole file in a buffer of its own (as the render reads the input and each picture). */
static size_t slurp(int dir, const char *name) {
    int fd = openat(dir, name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die(name);
    struct stat st;
    if (fstat(fd, &st) < 0) die(name);
    char *buf = malloc(st.st_size + 1);
    if (!buf) die("malloc");
    size_t got = 0;
    for (ssize_t n; (n = read(fd, buf + got, st.st_size + 1 - got)) > 0;) got += n;
    close(fd);
    volatile char sink = buf[got / 2];
    (void)sink;
    return got; /* kept, as the render keeps its buffers until exit */
}

/* PACKAGE's bytes written to a temporary file beside OUT and synced; its name returned. */
static char *stage(const char *src, const char *out) {
    int in = open(src, O_RDONLY | O_CLOEXEC);
    if (in < 0) die(src);
    struct stat st;
    if (fstat(in, &st) < 0) die(src);
    const char *bytes = st.st_size ? mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, in, 0) : "";
    if (bytes == MAP_FAILED) die("mmap");
    char *tmp;
    if (asprintf(&tmp, "%s.floor-tmp-%d", out, (int)getpid()) < 0) die("asprintf");
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) die(tmp);
    for (off_t at = 0; at < st.st_size;) {
        ssize_t n = write(fd, bytes + at, st.st_size - at);
        if (n <= 0) die("write");
        at += n;
    }
    if (fsync(fd) < 0) die("fsync");
    close(fd);
    close(in);
    return tmp;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: floor INPUT ASSETS PACKAGE REPORT OUT OUT_QC\n");
        return 2;
    }
    size_t total = slurp(AT_FDCWD, argv[1]);
    DIR *d = opendir(argv[2]);
    if (!d) die(argv[2]);
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') total += slurp(dirfd(d), e->d_name);
    closedir(d);
    char *pkg = stage(argv[3], argv[5]);
    char *qc = stage(argv[4], argv[6]);
    if (rename(pkg, argv[5]) < 0 || rename(qc, argv[6]) < 0) die("rename");
    char *dir = strdup(argv[5]);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0; else strcpy(dir, ".");
    int dfd = open(dir, O_RDONLY | O_CLOEXEC);
    if (dfd < 0 || fsync(dfd) < 0) die(dir);
    return total ? 0 : 1;
}
