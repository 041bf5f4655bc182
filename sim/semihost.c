/* Semihosting operations (Arm "Semihosting for AArch32 and AArch64"),
 * answered as QEMU's arm-compat semihosting answers them, so a firmware
 * behaves the same on both.  Clock and time are simulated time.
 *
 * One difference on purpose: host files are confined to a root directory
 * (the working directory unless --semihost-root says otherwise), so a
 * firmware or model from elsewhere cannot read or write the host's files.
 * A path that resolves outside the root looks to the firmware like a
 * missing file (ENOENT), as it would on a host without that file. */
#include "semihost.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine.h"

enum {
    SYS_OPEN = 0x01, SYS_CLOSE = 0x02, SYS_WRITEC = 0x03, SYS_WRITE0 = 0x04, SYS_WRITE = 0x05,
    SYS_READ = 0x06, SYS_READC = 0x07, SYS_ISERROR = 0x08, SYS_ISTTY = 0x09, SYS_SEEK = 0x0A,
    SYS_FLEN = 0x0C, SYS_TMPNAM = 0x0D, SYS_REMOVE = 0x0E, SYS_RENAME = 0x0F, SYS_CLOCK = 0x10,
    SYS_TIME = 0x11, SYS_SYSTEM = 0x12, SYS_ERRNO = 0x13, SYS_GET_CMDLINE = 0x15,
    SYS_HEAPINFO = 0x16, SYS_EXIT = 0x18, SYS_EXIT_EXTENDED = 0x20, SYS_ELAPSED = 0x30,
    SYS_TICKFREQ = 0x31,
};

#define ADP_STOPPED_APPLICATION_EXIT 0x20026u
#define KIND_CLOSED 0
#define KIND_FILE 1
#define KIND_STDIN 2
#define KIND_STDOUT 3
#define KIND_STDERR 4
#define KIND_FEATURES 5

/* ":semihosting-features": magic "SHFB" then one byte of feature bits:
 * EXIT_EXTENDED (bit 0) and STDOUT_STDERR (bit 1), as QEMU reports. */
static const uint8_t features_file[5] = {'S', 'H', 'F', 'B', 0x03};

void semihost_init(semihost_t *s)
{
    memset(s, 0, sizeof *s);
    if (!realpath(".", s->root))
        s->root[0] = '\0';
}

bool semihost_set_root(semihost_t *s, const char *dir, char *err, size_t errlen)
{
    char resolved[PATH_MAX];
    struct stat st;
    if (!realpath(dir, resolved) || stat(resolved, &st) != 0) {
        snprintf(err, errlen, "--semihost-root: %s: %s", dir, strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "--semihost-root: %s: not a directory", dir);
        return false;
    }
    memcpy(s->root, resolved, sizeof s->root);
    return true;
}

/* Is the resolved path p the root or below it? */
static bool under_root(const semihost_t *s, const char *p)
{
    size_t n = strlen(s->root);
    if (n == 0)
        return false;
    if (strcmp(s->root, "/") == 0)
        return true;
    return strncmp(p, s->root, n) == 0 && (p[n] == '\0' || p[n] == '/');
}

typedef enum { PATH_INSIDE, PATH_OUTSIDE, PATH_UNRESOLVED } path_check_t;

/* Where does the directory that holds name (its last component not
 * followed) resolve?  For files that may not exist yet (created by
 * SYS_OPEN for writing) and for SYS_REMOVE / SYS_RENAME, which act on a
 * symlink itself, not on its target.  A last component "." or ".." names
 * a directory elsewhere: outside.  PATH_UNRESOLVED (errno set): the
 * directory does not exist, so neither does the file. */
static path_check_t parent_check(const semihost_t *s, const char *name)
{
    char dir[PATH_MAX], resolved[PATH_MAX];
    const char *slash = strrchr(name, '/');
    const char *last = slash ? slash + 1 : name;
    if (!*last) {
        errno = ENOENT;
        return PATH_UNRESOLVED;
    }
    if (!strcmp(last, ".") || !strcmp(last, ".."))
        return PATH_OUTSIDE;
    if (!slash) {
        strcpy(dir, ".");
    } else if (slash == name) {
        strcpy(dir, "/");
    } else {
        size_t n = (size_t)(slash - name);
        if (n >= sizeof dir)
            return PATH_OUTSIDE;
        memcpy(dir, name, n);
        dir[n] = '\0';
    }
    if (!realpath(dir, resolved))
        return PATH_UNRESOLVED;
    return under_root(s, resolved) ? PATH_INSIDE : PATH_OUTSIDE;
}

/* May the firmware open name?  Existing files: their real path (symlinks
 * followed, as fopen follows them) must be under the root.  Others: the
 * directory they would be in, and name must not be a symlink (a dangling
 * one: fopen would create its target, wherever it points). */
static path_check_t open_check(const semihost_t *s, const char *name)
{
    char resolved[PATH_MAX];
    struct stat st;
    if (realpath(name, resolved))
        return under_root(s, resolved) ? PATH_INSIDE : PATH_OUTSIDE;
    if (lstat(name, &st) == 0 && S_ISLNK(st.st_mode))
        return PATH_OUTSIDE;
    return parent_check(s, name);
}

/* Checks name with check (unless the root is "/": everything allowed, as
 * QEMU does).  Refused: ENOENT, as for a missing file, and one warning
 * per run so the user learns why.  Returns true when the caller may go
 * on. */
static bool path_allowed(semihost_t *s, const char *op, const char *name,
                         path_check_t (*check)(const semihost_t *, const char *))
{
    if (strcmp(s->root, "/") == 0)
        return true;
    switch (check(s, name)) {
    case PATH_INSIDE:
        return true;
    case PATH_UNRESOLVED:
        s->host_errno = errno ? errno : ENOENT;
        return false;
    case PATH_OUTSIDE:
        break;
    }
    if (!s->refusal_warned) {
        fprintf(stderr, "etsim: warning: semihosting %s \"%s\" refused: outside the semihosting root %s "
                "(the firmware sees a missing file; --semihost-root DIR moves the root, "
                "--semihost-root / allows every file)\n", op, name, s->root[0] ? s->root : "(unresolved)");
        s->refusal_warned = true;
    }
    s->host_errno = ENOENT;
    return false;
}

void semihost_close_all(semihost_t *s)
{
    for (int i = 0; i < SEMIHOST_MAX_FILES; i++) {
        if (s->kind[i] == KIND_FILE && s->files[i])
            fclose(s->files[i]);
        s->files[i] = NULL;
        s->kind[i] = KIND_CLOSED;
    }
}

/* Handles are 1-based indexes into files[]. */
static int handle_index(const semihost_t *s, uint32_t handle)
{
    if (handle < 1 || handle > SEMIHOST_MAX_FILES || s->kind[handle - 1] == KIND_CLOSED)
        return -1;
    return (int)handle - 1;
}

static bool args(machine_t *m, uint32_t block, uint32_t *a, int n)
{
    return machine_read_bytes(m, block, a, 4u * (uint32_t)n);
}

static FILE *stream_of(machine_t *m, int kind)
{
    switch (kind) {
    case KIND_STDOUT: return m->out;
    case KIND_STDERR: return stderr;
    case KIND_STDIN: return stdin;
    default: return NULL;
    }
}

static uint32_t sys_open(machine_t *m, uint32_t block)
{
    semihost_t *s = &m->semi;
    uint32_t a[3];
    char name[1024];
    if (!args(m, block, a, 3) || a[2] >= sizeof name || !machine_read_bytes(m, a[0], name, a[2]))
        return (uint32_t)-1;
    name[a[2]] = '\0';
    uint32_t mode = a[1];
    if (mode > 11)
        return (uint32_t)-1;
    int slot = -1;
    for (int i = 0; i < SEMIHOST_MAX_FILES && slot < 0; i++)
        if (s->kind[i] == KIND_CLOSED)
            slot = i;
    if (slot < 0) {
        s->host_errno = EMFILE;
        return (uint32_t)-1;
    }
    if (strcmp(name, ":tt") == 0) {
        s->kind[slot] = mode < 4 ? KIND_STDIN : mode < 8 ? KIND_STDOUT : KIND_STDERR;
        return (uint32_t)slot + 1;
    }
    if (strcmp(name, ":semihosting-features") == 0) {
        if (mode > 1) {
            s->host_errno = EACCES;
            return (uint32_t)-1;
        }
        s->kind[slot] = KIND_FEATURES;
        s->features_pos[slot] = 0;
        return (uint32_t)slot + 1;
    }
    static const char *const fmode[12] = {"r", "rb", "r+", "r+b", "w", "wb", "w+", "w+b",
                                          "a", "ab", "a+", "a+b"};
    if (!path_allowed(s, "open of", name, open_check))
        return (uint32_t)-1;
    FILE *f = fopen(name, fmode[mode]);
    if (!f) {
        s->host_errno = errno;
        return (uint32_t)-1;
    }
    s->files[slot] = f;
    s->kind[slot] = KIND_FILE;
    return (uint32_t)slot + 1;
}

static uint32_t sys_close(machine_t *m, uint32_t block)
{
    semihost_t *s = &m->semi;
    uint32_t h;
    int i;
    if (!args(m, block, &h, 1) || (i = handle_index(s, h)) < 0) {
        s->host_errno = EBADF;
        return (uint32_t)-1;
    }
    if (s->kind[i] == KIND_FILE)
        fclose(s->files[i]);
    s->files[i] = NULL;
    s->kind[i] = KIND_CLOSED;
    return 0;
}

/* Returns the number of bytes NOT written, as the specification says. */
static uint32_t sys_write(machine_t *m, uint32_t block)
{
    semihost_t *s = &m->semi;
    uint32_t a[3];
    int i;
    if (!args(m, block, a, 3) || (i = handle_index(s, a[0])) < 0) {
        s->host_errno = EBADF;
        return (uint32_t)-1;
    }
    FILE *f = s->kind[i] == KIND_FILE ? s->files[i] : stream_of(m, s->kind[i]);
    if (!f || s->kind[i] == KIND_STDIN || s->kind[i] == KIND_FEATURES) {
        s->host_errno = EBADF;
        return a[2];
    }
    uint8_t buf[4096];
    uint32_t done = 0;
    while (done < a[2]) {
        uint32_t n = a[2] - done < sizeof buf ? a[2] - done : (uint32_t)sizeof buf;
        if (!machine_read_bytes(m, a[1] + done, buf, n))
            break;
        size_t w = fwrite(buf, 1, n, f);
        done += (uint32_t)w;
        if (w < n)
            break;
    }
    if (f == m->out || f == stderr)
        fflush(f);
    return a[2] - done;
}

/* Returns the number of bytes NOT read. */
static uint32_t sys_read(machine_t *m, uint32_t block)
{
    semihost_t *s = &m->semi;
    uint32_t a[3];
    int i;
    if (!args(m, block, a, 3) || (i = handle_index(s, a[0])) < 0) {
        s->host_errno = EBADF;
        return (uint32_t)-1;
    }
    uint8_t buf[4096];
    uint32_t done = 0;
    while (done < a[2]) {
        uint32_t want = a[2] - done < sizeof buf ? a[2] - done : (uint32_t)sizeof buf;
        size_t got;
        if (s->kind[i] == KIND_FEATURES) {
            uint32_t pos = s->features_pos[i];
            got = pos < sizeof features_file ? sizeof features_file - pos : 0;
            if (got > want)
                got = want;
            memcpy(buf, features_file + pos, got);
            s->features_pos[i] += (uint32_t)got;
        } else {
            FILE *f = s->kind[i] == KIND_FILE ? s->files[i] : stream_of(m, s->kind[i]);
            if (!f || s->kind[i] == KIND_STDOUT || s->kind[i] == KIND_STDERR)
                break;
            got = fread(buf, 1, want, f);
        }
        if (got == 0 || !machine_write_bytes(m, a[1] + done, buf, (uint32_t)got))
            break;
        done += (uint32_t)got;
        if (got < want)
            break;
    }
    return a[2] - done;
}

static uint32_t sys_seek(machine_t *m, uint32_t block)
{
    semihost_t *s = &m->semi;
    uint32_t a[2];
    int i;
    if (!args(m, block, a, 2) || (i = handle_index(s, a[0])) < 0) {
        s->host_errno = EBADF;
        return (uint32_t)-1;
    }
    if (s->kind[i] == KIND_FEATURES) {
        s->features_pos[i] = a[1];
        return 0;
    }
    if (s->kind[i] != KIND_FILE || fseek(s->files[i], (long)a[1], SEEK_SET) != 0) {
        s->host_errno = errno ? errno : ESPIPE;
        return (uint32_t)-1;
    }
    return 0;
}

static uint32_t sys_flen(machine_t *m, uint32_t block)
{
    semihost_t *s = &m->semi;
    uint32_t h;
    int i;
    if (!args(m, block, &h, 1) || (i = handle_index(s, h)) < 0) {
        s->host_errno = EBADF;
        return (uint32_t)-1;
    }
    if (s->kind[i] == KIND_FEATURES)
        return sizeof features_file;
    if (s->kind[i] != KIND_FILE)
        return 0;
    FILE *f = s->files[i];
    long pos = ftell(f);
    if (pos < 0 || fseek(f, 0, SEEK_END) != 0)
        return (uint32_t)-1;
    long len = ftell(f);
    fseek(f, pos, SEEK_SET);
    return (uint32_t)len;
}

static uint32_t sys_istty(machine_t *m, uint32_t block)
{
    uint32_t h;
    int i;
    if (!args(m, block, &h, 1) || (i = handle_index(&m->semi, h)) < 0)
        return 0;
    /* As QEMU: the answer is the host's, so newlib buffers stdout the same
     * way (fully when redirected) and heap use matches. */
    FILE *f = stream_of(m, m->semi.kind[i]);
    if (f && isatty(fileno(f)))
        return 1;
    m->semi.host_errno = ENOTTY;
    return 0;
}

static uint32_t sys_remove(machine_t *m, uint32_t block)
{
    uint32_t a[2];
    char name[1024];
    if (!args(m, block, a, 2) || a[1] >= sizeof name || !machine_read_bytes(m, a[0], name, a[1]))
        return (uint32_t)-1;
    name[a[1]] = '\0';
    if (!path_allowed(&m->semi, "remove of", name, parent_check))
        return (uint32_t)-1;
    if (remove(name) != 0) {
        m->semi.host_errno = errno;
        return (uint32_t)-1;
    }
    return 0;
}

static uint32_t sys_rename(machine_t *m, uint32_t block)
{
    uint32_t a[4];
    char from[1024], to[1024];
    if (!args(m, block, a, 4) || a[1] >= sizeof from || a[3] >= sizeof to ||
        !machine_read_bytes(m, a[0], from, a[1]) || !machine_read_bytes(m, a[2], to, a[3]))
        return (uint32_t)-1;
    from[a[1]] = '\0';
    to[a[3]] = '\0';
    if (!path_allowed(&m->semi, "rename of", from, parent_check) ||
        !path_allowed(&m->semi, "rename to", to, parent_check))
        return (uint32_t)-1;
    if (rename(from, to) != 0) {
        m->semi.host_errno = errno;
        return (uint32_t)-1;
    }
    return 0;
}

static uint32_t sys_get_cmdline(machine_t *m, uint32_t block)
{
    uint32_t a[2];
    if (!args(m, block, a, 2))
        return (uint32_t)-1;
    uint32_t len = (uint32_t)strlen(m->semi.cmdline);
    if (len + 1 > a[1] || !machine_write_bytes(m, a[0], m->semi.cmdline, len + 1))
        return (uint32_t)-1;
    a[1] = len;
    return machine_write_bytes(m, block + 4, &a[1], 4) ? 0 : (uint32_t)-1;
}

static uint32_t sys_heapinfo(machine_t *m, uint32_t block)
{
    uint32_t where;
    const semihost_t *s = &m->semi;
    uint32_t info[4] = {s->heap_base, s->heap_limit, s->stack_base, s->stack_limit};
    if (!args(m, block, &where, 1) || !machine_write_bytes(m, where, info, sizeof info))
        return (uint32_t)-1;
    return 0;
}

static uint64_t sim_microseconds(const machine_t *m)
{
    return (uint64_t)((double)m->cpu->cycles / m->desc.cpu_mhz);
}

static void sys_exit(machine_t *m, uint32_t reason, uint32_t subcode, bool extended)
{
    int code;
    if (reason == ADP_STOPPED_APPLICATION_EXIT)
        code = extended ? (int)subcode : 0;
    else
        code = 1;
    m->semi.exit_requests++;
    cpu_request_stop(m->cpu, STOP_EXIT, code);
}

void semihost_call(machine_t *m)
{
    cpu_t *cpu = m->cpu;
    uint32_t op = cpu->r[0], p = cpu->r[1], r = (uint32_t)-1;
    uint32_t a[2];
    switch (op) {
    case SYS_OPEN: r = sys_open(m, p); break;
    case SYS_CLOSE: r = sys_close(m, p); break;
    case SYS_WRITEC: {
        uint8_t c;
        if (machine_read_bytes(m, p, &c, 1)) {
            fputc(c, m->out);
            fflush(m->out);
        }
        r = cpu->r[0];   /* r0 is corrupted; QEMU leaves it */
        break;
    }
    case SYS_WRITE0: {
        char buf[256];
        uint32_t addr = p;
        for (;;) {
            if (!machine_read_string(m, addr, buf, sizeof buf))
                break;
            size_t n = strlen(buf);
            fwrite(buf, 1, n, m->out);
            if (n < sizeof buf - 1)
                break;
            addr += (uint32_t)n;
        }
        fflush(m->out);
        r = cpu->r[0];
        break;
    }
    case SYS_WRITE: r = sys_write(m, p); break;
    case SYS_READ: r = sys_read(m, p); break;
    case SYS_READC: {
        int c = getchar();
        r = c == EOF ? (uint32_t)-1 : (uint32_t)c;
        break;
    }
    case SYS_ISERROR:
        r = args(m, p, a, 1) && (int32_t)a[0] < 0;
        break;
    case SYS_ISTTY: r = sys_istty(m, p); break;
    case SYS_SEEK: r = sys_seek(m, p); break;
    case SYS_FLEN: r = sys_flen(m, p); break;
    case SYS_REMOVE: r = sys_remove(m, p); break;
    case SYS_RENAME: r = sys_rename(m, p); break;
    case SYS_CLOCK: r = (uint32_t)(sim_microseconds(m) / 10000u); break;   /* centiseconds */
    case SYS_TIME: r = (uint32_t)(sim_microseconds(m) / 1000000u); break;  /* since start */
    case SYS_SYSTEM: r = (uint32_t)-1; m->semi.host_errno = EPERM; break;  /* never run host commands */
    case SYS_ERRNO: r = (uint32_t)m->semi.host_errno; break;
    case SYS_GET_CMDLINE: r = sys_get_cmdline(m, p); break;
    case SYS_HEAPINFO: r = sys_heapinfo(m, p); break;
    case SYS_EXIT: sys_exit(m, p, 0, false); r = 0; break;
    case SYS_EXIT_EXTENDED:
        if (args(m, p, a, 2))
            sys_exit(m, a[0], a[1], true);
        r = 0;
        break;
    case SYS_ELAPSED: {
        uint64_t t = cpu->cycles;
        uint32_t w[2] = {(uint32_t)t, (uint32_t)(t >> 32)};
        r = machine_write_bytes(m, p, w, sizeof w) ? 0 : (uint32_t)-1;
        break;
    }
    case SYS_TICKFREQ: r = (uint32_t)(m->desc.cpu_mhz * 1e6); break;
    case SYS_TMPNAM:
    default:
        r = (uint32_t)-1;
        m->semi.host_errno = ENOSYS;
        break;
    }
    cpu->r[0] = r;
}
