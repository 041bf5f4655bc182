/* GDB remote serial protocol over TCP on the loopback interface: see
 * sim/gdb.h and docs/gdb.md.  One debugger, one connection; the packets
 * GDB needs for a bare-metal M-profile target. */
#include "gdb.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gdb_regs.h"

#define PACKET_MAX 16384
/* While the firmware runs, the connection is polled for Ctrl-C this often
 * (simulated cycles; a few ms of host time). */
#define POLL_SLICE (1u << 20)
#define MAX_BREAKPOINTS 64
/* The Cortex-M55's debug resources: FPB instruction comparators for
 * hardware breakpoints, DWT comparators for watchpoints. */
#define MAX_HW_BREAKPOINTS 8
#define MAX_WATCHPOINTS 4
#define SIGTRAP 5
#define SIGINT 2
#define SIGSEGV 11

typedef struct breakpoint {
    uint32_t addr;
    bool hw;
} breakpoint_t;

typedef struct watchpoint {
    uint32_t addr, len;
    int kind;                     /* 2 write, 3 read, 4 access (Z packet types) */
} watchpoint_t;

struct gdb_stub {
    int listen_fd, fd;
    int port;
    bool no_ack;
    uint8_t in[PACKET_MAX];
    size_t in_len, in_pos;
    machine_t *m;
    breakpoint_t bp[MAX_BREAKPOINTS];
    int nbp;
    watchpoint_t wp[MAX_WATCHPOINTS];
    int nwp;
    bool stepping;
    bool interrupted;
    bool foreign_stop;            /* someone else stopped the core (a trace that cannot be written) */
    /* Why the core stopped last: a breakpoint, a watchpoint (its address). */
    bool hit_bp, hit_wp;
    uint32_t hit_wp_addr;
    int hit_wp_kind;
    void (*prev_insn)(void *ctx, const cpu_t *cpu, uint32_t pc, const struct insn *in);
    void (*prev_mem)(void *ctx, const cpu_t *cpu, uint32_t addr, unsigned size, const void *bytes,
                     unsigned flags, uint32_t wait);
    bool mem_traced_before;       /* someone else traces memory: leave it on */
};

bool gdb_parse_port(const char *s, int *port)
{
    if (*s == ':')
        s++;
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < 1 || v > 65535)
        return false;
    *port = (int)v;
    return true;
}

gdb_stub_t *gdb_open(int port, char *err, size_t errlen)
{
    gdb_stub_t *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->fd = -1;
    g->port = port;
    g->listen_fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);   /* never reachable from outside */
    if (g->listen_fd < 0 || setsockopt(g->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
        bind(g->listen_fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(g->listen_fd, 1) < 0) {
        snprintf(err, errlen, "--gdb: cannot listen on 127.0.0.1:%d: %s", port, strerror(errno));
        gdb_close(g);
        return NULL;
    }
    return g;
}

void gdb_close(gdb_stub_t *g)
{
    if (!g)
        return;
    if (g->fd >= 0)
        close(g->fd);
    if (g->listen_fd >= 0)
        close(g->listen_fd);
    free(g);
}

/* ---- packets ------------------------------------------------------------ */

static const char hexdig[] = "0123456789abcdef";

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The next byte from the debugger; -1 when the connection is gone. */
static int get_byte(gdb_stub_t *g)
{
    if (g->in_pos == g->in_len) {
        ssize_t n;
        do
            n = read(g->fd, g->in, sizeof g->in);
        while (n < 0 && errno == EINTR);
        if (n <= 0)
            return -1;
        g->in_len = (size_t)n;
        g->in_pos = 0;
    }
    return g->in[g->in_pos++];
}

static bool send_all(gdb_stub_t *g, const char *buf, size_t len)
{
    while (len) {
        /* No SIGPIPE when the debugger has gone: the run goes on without it. */
        ssize_t n = send(g->fd, buf, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buf += n;
        len -= (size_t)n;
    }
    return true;
}

static bool send_packet_len(gdb_stub_t *g, const char *data, size_t len)
{
    char *buf = malloc(len + 5);
    if (!buf)
        return false;
    unsigned sum = 0;
    buf[0] = '$';
    for (size_t i = 0; i < len; i++) {
        buf[1 + i] = data[i];
        sum += (uint8_t)data[i];
    }
    buf[len + 1] = '#';
    buf[len + 2] = hexdig[(sum >> 4) & 15];
    buf[len + 3] = hexdig[sum & 15];
    bool ok = send_all(g, buf, len + 4);
    free(buf);
    /* The acknowledgement ('+') is read with the next packet. */
    return ok;
}

static bool send_packet(gdb_stub_t *g, const char *data)
{
    return send_packet_len(g, data, strlen(data));
}

/* Read one packet into buf (NUL-terminated); 0x03 outside a packet gives
 * "\x03".  False when the connection is gone. */
static bool get_packet(gdb_stub_t *g, char *buf, size_t cap)
{
    for (;;) {
        int c = get_byte(g);
        if (c < 0)
            return false;
        if (c == 0x03) {
            buf[0] = 0x03;
            buf[1] = '\0';
            return true;
        }
        if (c != '$')
            continue;   /* '+', '-' and noise between packets */
        size_t n = 0;
        unsigned sum = 0;
        bool overflow = false;
        while ((c = get_byte(g)) >= 0 && c != '#') {
            sum += (unsigned)c;
            if (n + 1 < cap)
                buf[n++] = (char)c;
            else
                overflow = true;
        }
        int h = c < 0 ? -1 : get_byte(g), l = h < 0 ? -1 : get_byte(g);
        if (l < 0)
            return false;
        buf[n] = '\0';
        bool good = !overflow && hexval(h) >= 0 && hexval(l) >= 0 &&
                    (unsigned)(hexval(h) << 4 | hexval(l)) == (sum & 0xFF);
        if (!g->no_ack && !send_all(g, good ? "+" : "-", 1))
            return false;
        if (good)
            return true;
    }
}

static void to_hex(char *out, const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hexdig[in[i] >> 4];
        out[2 * i + 1] = hexdig[in[i] & 15];
    }
    out[2 * n] = '\0';
}

static bool from_hex(uint8_t *out, const char *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int h = hexval(in[2 * i]), l = h < 0 ? -1 : hexval(in[2 * i + 1]);
        if (l < 0)
            return false;
        out[i] = (uint8_t)(h << 4 | l);
    }
    return true;
}

/* "ADDR,LEN" (hex) at s; *rest after it.  LEN is at most what one packet
 * carries in hex. */
static bool parse_addr_len(const char *s, uint32_t *addr, uint32_t *len, const char **rest)
{
    char *end;
    unsigned long a = strtoul(s, &end, 16);
    if (end == s || *end != ',')
        return false;
    s = end + 1;
    unsigned long l = strtoul(s, &end, 16);
    if (end == s || a > UINT32_MAX)
        return false;
    if (l > PACKET_MAX / 2 - 16)
        l = PACKET_MAX / 2 - 16;   /* a shorter answer: GDB asks for the rest */
    *addr = (uint32_t)a;
    *len = (uint32_t)l;
    *rest = end;
    return true;
}

/* ---- hooks: breakpoints, steps, watchpoints -------------------------------- */

static bool is_breakpoint(const gdb_stub_t *g, uint32_t pc)
{
    for (int i = 0; i < g->nbp; i++)
        if (g->bp[i].addr == pc)
            return true;
    return false;
}

static void on_insn(void *ctx, const cpu_t *cpu, uint32_t pc, const struct insn *in)
{
    machine_t *m = ctx;
    gdb_stub_t *g = m->gdb;
    if (g->prev_insn)
        g->prev_insn(ctx, cpu, pc, in);
    if (g->stepping || (g->nbp && is_breakpoint(g, cpu->pc))) {
        g->hit_bp = !g->stepping;
        cpu_request_stop(m->cpu, STOP_REQUEST, 0);
    }
}

static void on_mem(void *ctx, const cpu_t *cpu, uint32_t addr, unsigned size, const void *bytes,
                   unsigned flags, uint32_t wait)
{
    machine_t *m = ctx;
    gdb_stub_t *g = m->gdb;
    if (g->prev_mem)
        g->prev_mem(ctx, cpu, addr, size, bytes, flags, wait);
    bool write = flags & CPU_MEM_WRITE;
    for (int i = 0; i < g->nwp && !(flags & CPU_MEM_EXCEPTION); i++) {
        const watchpoint_t *w = &g->wp[i];
        if ((w->kind == 2 && !write) || (w->kind == 3 && write))
            continue;
        if (addr < w->addr + w->len && w->addr < addr + size) {
            g->hit_wp = true;
            g->hit_wp_addr = w->addr;
            g->hit_wp_kind = w->kind;
            cpu_request_stop(m->cpu, STOP_REQUEST, 0);
            return;
        }
    }
}

/* Memory accesses are watched only while a watchpoint is set. */
static bool update_mem_hook(gdb_stub_t *g)
{
    cpu_t *cpu = g->m->cpu;
    if (g->nwp) {
        if (cpu->hooks.on_mem != on_mem) {
            g->prev_mem = cpu->hooks.on_mem;
            cpu->hooks.on_mem = on_mem;
        }
        return cpu_trace_memory(cpu, true);
    }
    if (cpu->hooks.on_mem == on_mem) {
        cpu->hooks.on_mem = g->prev_mem;
        g->prev_mem = NULL;
    }
    if (!g->mem_traced_before)
        cpu_trace_memory(cpu, false);
    return true;
}

static bool add_point(gdb_stub_t *g, int type, uint32_t addr, uint32_t len)
{
    if (type <= 1) {
        int hw = 0;
        for (int i = 0; i < g->nbp; i++)
            hw += g->bp[i].hw;
        if (g->nbp == MAX_BREAKPOINTS || (type == 1 && hw == MAX_HW_BREAKPOINTS))
            return false;
        g->bp[g->nbp++] = (breakpoint_t){addr & ~1u, type == 1};
        return true;
    }
    if (g->nwp == MAX_WATCHPOINTS || len == 0)
        return false;
    g->wp[g->nwp++] = (watchpoint_t){addr, len, type};
    return update_mem_hook(g);
}

static bool remove_point(gdb_stub_t *g, int type, uint32_t addr, uint32_t len)
{
    if (type <= 1) {
        for (int i = 0; i < g->nbp; i++)
            if (g->bp[i].addr == (addr & ~1u) && g->bp[i].hw == (type == 1)) {
                g->bp[i] = g->bp[--g->nbp];
                return true;
            }
        return false;
    }
    for (int i = 0; i < g->nwp; i++)
        if (g->wp[i].addr == addr && g->wp[i].len == len && g->wp[i].kind == type) {
            g->wp[i] = g->wp[--g->nwp];
            return update_mem_hook(g);
        }
    return false;
}

/* ---- running -------------------------------------------------------------- */

/* Is a Ctrl-C waiting (after any late acknowledgements)?  It is consumed. */
static void poll_interrupt(gdb_stub_t *g)
{
    while (g->in_pos < g->in_len && (g->in[g->in_pos] == '+' || g->in[g->in_pos] == '-'))
        g->in_pos++;
    struct pollfd p = {g->fd, POLLIN, 0};
    if (g->in_pos < g->in_len || (poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP)))) {
        if (g->in_pos == g->in_len) {
            ssize_t n = read(g->fd, g->in, sizeof g->in);
            if (n <= 0) {
                g->interrupted = true;   /* the debugger is gone: stop */
                return;
            }
            g->in_len = (size_t)n;
            g->in_pos = 0;
        }
        while (g->in_pos < g->in_len && (g->in[g->in_pos] == '+' || g->in[g->in_pos] == '-'))
            g->in_pos++;
        if (g->in_pos < g->in_len && g->in[g->in_pos] == 0x03) {
            g->in_pos++;
            g->interrupted = true;
        }
    }
}

/* Run until a stop the debugger must hear about.  The slices only bound
 * cpu_run(); the core's clock and state go on as in one call. */
static enum cpu_stop resume(gdb_stub_t *g, uint64_t max_cycles, bool step)
{
    cpu_t *cpu = g->m->cpu;
    g->stepping = step;
    g->hit_bp = g->hit_wp = g->interrupted = false;
    /* Without breakpoints or a step the core keeps its untraced loop (or
     * the trace's): the per-instruction check costs only while needed. */
    cpu->hooks.on_insn = step || g->nbp ? on_insn : g->prev_insn;
    enum cpu_stop s;
    for (;;) {
        /* A step is sliced too: one instruction may sleep (WFI) for long. */
        uint64_t limit = cpu->cycles + POLL_SLICE;
        if (limit > max_cycles || limit < cpu->cycles)
            limit = max_cycles;
        s = cpu_run(cpu, limit);
        if (s != STOP_MAX_CYCLES || cpu->cycles >= max_cycles)
            break;
        poll_interrupt(g);
        if (g->interrupted) {
            s = STOP_REQUEST;
            break;
        }
    }
    if (s == STOP_REQUEST && !step && !g->hit_bp && !g->hit_wp && !g->interrupted)
        g->foreign_stop = true;
    g->stepping = false;
    return s;
}

/* The debugger is done (detached, gone): no more breakpoints, watchpoints
 * or hooks; the core runs as without it. */
static void release(gdb_stub_t *g)
{
    g->nbp = g->nwp = 0;
    update_mem_hook(g);
    g->m->cpu->hooks.on_insn = g->prev_insn;
}

static bool final_stop(enum cpu_stop s)
{
    return s != STOP_REQUEST && s != STOP_NONE;
}

static bool send_stop(gdb_stub_t *g, enum cpu_stop s)
{
    char buf[96];
    switch (s) {
    case STOP_EXIT:
        snprintf(buf, sizeof buf, "W%02x", g->m->cpu->exit_code & 0xFF);
        break;
    case STOP_REQUEST:
        if (g->hit_wp)
            snprintf(buf, sizeof buf, "T%02x%swatch:%x;", SIGTRAP,
                     g->hit_wp_kind == 3 ? "r" : g->hit_wp_kind == 4 ? "a" : "", g->hit_wp_addr);
        else if (g->hit_bp)
            snprintf(buf, sizeof buf, "T%02xhwbreak:;", SIGTRAP);
        else
            snprintf(buf, sizeof buf, "T%02x", g->interrupted ? SIGINT : SIGTRAP);
        break;
    case STOP_MAX_CYCLES:
        snprintf(buf, sizeof buf, "T%02x", SIGTRAP);
        break;
    default:   /* crash, lockup, deadlock: the state is left to inspect */
        snprintf(buf, sizeof buf, "T%02x", SIGSEGV);
        break;
    }
    return send_packet(g, buf);
}

/* ---- monitor commands ------------------------------------------------------ */

static bool send_console(gdb_stub_t *g, const char *text)
{
    size_t n = strlen(text);
    for (size_t off = 0; off < n; off += 1024) {
        size_t k = n - off < 1024 ? n - off : 1024;
        char out[2 * 1024 + 2];
        out[0] = 'O';
        to_hex(out + 1, (const uint8_t *)text + off, k);
        if (!send_packet(g, out))
            return false;
    }
    return true;
}

static bool monitor(gdb_stub_t *g, const char *hex, gdb_report_fn report, void *report_ctx)
{
    size_t n = strlen(hex) / 2;
    char cmd[256];
    if (n >= sizeof cmd || !from_hex((uint8_t *)cmd, hex, n))
        return send_packet(g, "E01");
    cmd[n] = '\0';
    const cpu_t *cpu = g->m->cpu;
    char text[512];
    if (!strcmp(cmd, "cycles")) {
        snprintf(text, sizeof text, "cycles %llu instructions %llu sim_ms %.6f\n",
                 (unsigned long long)cpu->cycles, (unsigned long long)cpu->instret,
                 (double)cpu->cycles / (g->m->desc.cpu_mhz * 1e3));
        return send_console(g, text) && send_packet(g, "OK");
    }
    if (!strcmp(cmd, "report")) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        if (!f)
            return send_packet(g, "E01");
        report(report_ctx, f);
        fclose(f);
        bool ok = send_console(g, buf) && send_packet(g, "OK");
        free(buf);
        return ok;
    }
    return send_console(g, "etsim monitor commands: cycles (cycle and instruction counts), "
                           "report (the summary of the run so far)\n") &&
           send_packet(g, "OK");
}

/* ---- the session ----------------------------------------------------------- */

static bool read_registers(gdb_stub_t *g)
{
    static char out[2 * 64 * 8 + 1];
    char *p = out;
    uint8_t v[8];
    for (int n = 0; n < gdb_reg_count(); n++) {
        gdb_reg_read(g->m->cpu, n, v);
        to_hex(p, v, gdb_reg_size(n));
        p += 2 * gdb_reg_size(n);
    }
    return send_packet(g, out);
}

static bool write_registers(gdb_stub_t *g, const char *hex)
{
    uint8_t v[8];
    for (int n = 0; n < gdb_reg_count() && *hex; n++) {
        unsigned size = gdb_reg_size(n);
        if (strlen(hex) < 2 * size || !from_hex(v, hex, size))
            return send_packet(g, "E01");
        gdb_reg_write(g->m->cpu, n, v);   /* read-only ones keep their value */
        hex += 2 * size;
    }
    return send_packet(g, "OK");
}

static bool read_memory(gdb_stub_t *g, const char *args)
{
    uint32_t addr, len;
    const char *rest;
    if (!parse_addr_len(args, &addr, &len, &rest) || *rest)
        return send_packet(g, "E01");
    uint8_t buf[PACKET_MAX / 2];
    if (!machine_read_bytes(g->m, addr, buf, len))
        return send_packet(g, "E14");   /* EFAULT: not RAM or flash */
    char out[PACKET_MAX + 1];
    to_hex(out, buf, len);
    return send_packet(g, out);
}

static bool write_memory(gdb_stub_t *g, const char *args)
{
    uint32_t addr, len;
    const char *rest;
    uint8_t buf[PACKET_MAX / 2];
    if (!parse_addr_len(args, &addr, &len, &rest) || *rest != ':' || strlen(rest + 1) != 2 * len ||
        !from_hex(buf, rest + 1, len))
        return send_packet(g, "E01");
    return send_packet(g, machine_write_bytes(g->m, addr, buf, len) ? "OK" : "E14");
}

static bool xfer_features(gdb_stub_t *g, const char *args)
{
    /* "target.xml:OFFSET,LENGTH" */
    if (strncmp(args, "target.xml:", 11) != 0)
        return send_packet(g, "E00");
    uint32_t off, len;
    const char *rest;
    if (!parse_addr_len(args + 11, &off, &len, &rest))
        return send_packet(g, "E01");
    size_t total = strlen(gdb_target_xml);
    if (off >= total)
        return send_packet(g, "l");
    size_t n = total - off < len ? total - off : len;
    char *out = malloc(n + 2);
    if (!out)
        return false;
    out[0] = off + n >= total ? 'l' : 'm';
    memcpy(out + 1, gdb_target_xml + off, n);
    bool ok = send_packet_len(g, out, n + 1);
    free(out);
    return ok;
}

static bool accept_debugger(gdb_stub_t *g)
{
    fprintf(stderr, "etsim: waiting for GDB on 127.0.0.1:%d (target extended-remote or remote :%d)\n",
            g->port, g->port);
    do
        g->fd = accept(g->listen_fd, NULL, NULL);
    while (g->fd < 0 && errno == EINTR);
    if (g->fd < 0)
        return false;
    int one = 1;
    setsockopt(g->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return true;
}

enum cpu_stop gdb_run(gdb_stub_t *g, machine_t *m, uint64_t max_cycles, gdb_report_fn report,
                      void *report_ctx)
{
    g->m = m;
    m->gdb = g;
    g->prev_insn = m->cpu->hooks.on_insn;
    m->cpu->hooks.on_insn = on_insn;
    g->mem_traced_before = m->cpu->mem_trace_pages != NULL;
    enum cpu_stop last = STOP_REQUEST;   /* halted at reset */
    if (!accept_debugger(g)) {
        fprintf(stderr, "etsim: --gdb: no debugger connected; running without it\n");
        return cpu_run(m->cpu, max_cycles);
    }
    static char pkt[PACKET_MAX + 1];
    for (;;) {
        if (!get_packet(g, pkt, sizeof pkt)) {
            /* The debugger went away: the run goes on to its end. */
            release(g);
            return final_stop(last) ? last : cpu_run(m->cpu, max_cycles);
        }
        const char *a = pkt + 1;
        bool ok = true;
        switch (pkt[0]) {
        case 0x03:
            /* Ctrl-C while halted: already stopped. */
            ok = send_stop(g, last);
            break;
        case '?':
            ok = send_stop(g, last);
            break;
        case 'g': ok = read_registers(g); break;
        case 'G': ok = write_registers(g, a); break;
        case 'p': {
            uint8_t v[8];
            char out[17];
            int n = (int)strtol(a, NULL, 16);
            if (!gdb_reg_read(m->cpu, n, v))
                ok = send_packet(g, "E01");
            else {
                to_hex(out, v, gdb_reg_size(n));
                ok = send_packet(g, out);
            }
            break;
        }
        case 'P': {
            char *eq;
            int n = (int)strtol(a, &eq, 16);
            uint8_t v[8];
            ok = send_packet(g, *eq == '=' && n >= 0 && n < gdb_reg_count() && strlen(eq + 1) == 2 * gdb_reg_size(n) &&
                                        from_hex(v, eq + 1, gdb_reg_size(n)) && gdb_reg_write(m->cpu, n, v)
                                    ? "OK" : "E01");
            break;
        }
        case 'm': ok = read_memory(g, a); break;
        case 'M': ok = write_memory(g, a); break;
        case 'c':
        case 's':
            if (*a) {   /* resume at an address */
                uint8_t v[4];
                uint32_t pc = (uint32_t)strtoul(a, NULL, 16);
                memcpy(v, &pc, 4);
                gdb_reg_write(m->cpu, 15, v);
            }
            if (!final_stop(last))
                last = resume(g, max_cycles, pkt[0] == 's');
            if (g->foreign_stop) {
                /* etsim itself must end the run (e.g. the trace file is
                 * full): the debugger hears that the process ended. */
                send_packet(g, "X0f");
                return last;
            }
            ok = send_stop(g, last);
            if (last == STOP_EXIT)
                return last;
            break;
        case 'Z':
        case 'z': {
            int type = a[0] - '0';
            uint32_t addr, len;
            const char *rest;
            if (type < 0 || type > 4 || a[1] != ',' || !parse_addr_len(a + 2, &addr, &len, &rest))
                ok = send_packet(g, "E01");
            else
                ok = send_packet(g, (pkt[0] == 'Z' ? add_point(g, type, addr, len)
                                                   : remove_point(g, type, addr, len)) ? "OK" : "E01");
            break;
        }
        case 'D':
            send_packet(g, "OK");
            release(g);
            return final_stop(last) ? last : cpu_run(m->cpu, max_cycles);
        case 'k':
            return final_stop(last) ? last : STOP_REQUEST;
        case 'H':
            ok = send_packet(g, "OK");
            break;
        case 'T':
            ok = send_packet(g, "OK");
            break;
        case 'q':
            if (!strncmp(a, "Supported", 9))
                ok = send_packet(g, "PacketSize=2000;qXfer:features:read+;QStartNoAckMode+;hwbreak+");
            else if (!strncmp(a, "Xfer:features:read:", 19))
                ok = xfer_features(g, a + 19);
            else if (!strcmp(a, "Attached"))
                ok = send_packet(g, "1");
            else if (!strcmp(a, "C"))
                ok = send_packet(g, "QC1");
            else if (!strcmp(a, "fThreadInfo"))
                ok = send_packet(g, "m1");
            else if (!strcmp(a, "sThreadInfo"))
                ok = send_packet(g, "l");
            else if (!strncmp(a, "Rcmd,", 5))
                ok = monitor(g, a + 5, report, report_ctx);
            else
                ok = send_packet(g, "");
            break;
        case 'Q':
            if (!strcmp(a, "StartNoAckMode")) {
                ok = send_packet(g, "OK");
                g->no_ack = true;
            } else {
                ok = send_packet(g, "");
            }
            break;
        default:
            ok = send_packet(g, "");   /* not supported: GDB falls back */
            break;
        }
        if (!ok) {
            release(g);
            return final_stop(last) ? last : cpu_run(m->cpu, max_cycles);
        }
    }
}
