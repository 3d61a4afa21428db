#define _GNU_SOURCE
#include "CWorkerSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <malloc.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#if defined(__x86_64__)
#define TC_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define TC_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

/* What a trapped call is about: the attempt and the rule a report names. */
enum kind { PROCESS, PROGRAM, NETWORK, FILE_WRITE, GROUP, OTHER_PROCESS, SYSTEM };

static const char *const attempts[] = {
    [PROCESS] = "start a process",
    [PROGRAM] = "run a program",
    [NETWORK] = "use a socket",
    [FILE_WRITE] = "change the file system",
    [GROUP] = "leave its process group",
    [OTHER_PROCESS] = "reach into another process",
    [SYSTEM] = "change the system or its view of it",
};

static const char *const rules[] = {
    [PROCESS] = "workers start no processes",
    [PROGRAM] = "workers run no programs",
    [NETWORK] = "workers have no network",
    [FILE_WRITE] = "workers write no files",
    [GROUP] = "a worker's processes stay in its group",
    [OTHER_PROCESS] = "workers reach no other process",
    [SYSTEM] = "workers change no mount, namespace or kernel state",
};

struct trapped { int number; const char *name; enum kind kind; };

#define CALL(n, k) { __NR_##n, #n, k }
static const struct trapped trapped_calls[] = {
#ifdef __NR_fork
    CALL(fork, PROCESS),
#endif
#ifdef __NR_vfork
    CALL(vfork, PROCESS),
#endif
    CALL(execve, PROGRAM), CALL(execveat, PROGRAM),
    CALL(socket, NETWORK), CALL(socketpair, NETWORK), CALL(connect, NETWORK), CALL(bind, NETWORK),
    CALL(listen, NETWORK), CALL(accept, NETWORK), CALL(accept4, NETWORK),
#ifdef __NR_creat
    CALL(creat, FILE_WRITE),
#endif
#ifdef __NR_mkdir
    CALL(mkdir, FILE_WRITE), CALL(rmdir, FILE_WRITE), CALL(unlink, FILE_WRITE), CALL(rename, FILE_WRITE),
    CALL(link, FILE_WRITE), CALL(symlink, FILE_WRITE), CALL(chmod, FILE_WRITE), CALL(chown, FILE_WRITE),
    CALL(lchown, FILE_WRITE), CALL(mknod, FILE_WRITE), CALL(utime, FILE_WRITE), CALL(utimes, FILE_WRITE),
    CALL(futimesat, FILE_WRITE),
#endif
    CALL(mkdirat, FILE_WRITE), CALL(unlinkat, FILE_WRITE), CALL(renameat, FILE_WRITE),
    CALL(renameat2, FILE_WRITE), CALL(linkat, FILE_WRITE), CALL(symlinkat, FILE_WRITE),
    CALL(truncate, FILE_WRITE), CALL(fchmod, FILE_WRITE), CALL(fchmodat, FILE_WRITE),
    CALL(fchown, FILE_WRITE), CALL(fchownat, FILE_WRITE), CALL(mknodat, FILE_WRITE),
    CALL(setxattr, FILE_WRITE), CALL(lsetxattr, FILE_WRITE),
    CALL(fsetxattr, FILE_WRITE), CALL(removexattr, FILE_WRITE), CALL(lremovexattr, FILE_WRITE),
    CALL(fremovexattr, FILE_WRITE),
    CALL(setsid, GROUP), CALL(setpgid, GROUP),
    CALL(ptrace, OTHER_PROCESS), CALL(process_vm_readv, OTHER_PROCESS), CALL(process_vm_writev, OTHER_PROCESS),
    CALL(mount, SYSTEM), CALL(umount2, SYSTEM), CALL(pivot_root, SYSTEM), CALL(chroot, SYSTEM),
    CALL(unshare, SYSTEM), CALL(setns, SYSTEM), CALL(io_uring_setup, SYSTEM), CALL(open_by_handle_at, SYSTEM),
    CALL(bpf, SYSTEM), CALL(perf_event_open, SYSTEM), CALL(init_module, SYSTEM), CALL(finit_module, SYSTEM),
    CALL(delete_module, SYSTEM), CALL(kexec_load, SYSTEM), CALL(reboot, SYSTEM),
};
#undef CALL

static const size_t trapped_count = sizeof trapped_calls / sizeof trapped_calls[0];

/* The flags of an open that writes or creates. */
#define WRITE_FLAGS (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC)

static const struct trapped *find(int number) {
    for (size_t i = 0; i < trapped_count; i++) {
        if (trapped_calls[i].number == number) return &trapped_calls[i];
    }
    return NULL;
}

static int is_open(int number) {
#ifdef __NR_open
    if (number == __NR_open) return 1;
#endif
    return number == __NR_openat;
}

const char *tc_sandbox_call_name(int number) {
#ifdef __NR_open
    if (number == __NR_open) return "open";
#endif
    if (number == __NR_openat) return "openat";
    if (number == __NR_clone) return "clone";
    if (number == __NR_utimensat) return "utimensat";
    const struct trapped *t = find(number);
    return t == NULL ? NULL : t->name;
}

const char *tc_sandbox_call_attempt(int number, int writes) {
    if (is_open(number)) return writes ? "create or write a file" : "open a file once it was loaded";
    if (number == __NR_clone) return attempts[PROCESS];
    if (number == __NR_utimensat) return attempts[FILE_WRITE];
    const struct trapped *t = find(number);
    return t == NULL ? NULL : attempts[t->kind];
}

const char *tc_sandbox_call_rule(int number, int writes) {
    if (is_open(number)) return writes ? rules[FILE_WRITE] : "workers read no files once the plugin is loaded";
    if (number == __NR_clone) return rules[PROCESS];
    if (number == __NR_utimensat) return rules[FILE_WRITE];
    const struct trapped *t = find(number);
    return t == NULL ? NULL : rules[t->kind];
}

/* ---- Reporting a trapped call ---- */

static int report_descriptor = -1;
static unsigned char report_packet[64 + 6];
static size_t report_prefix_length;

static void on_sigsys(int signal_number, siginfo_t *info, void *context) {
    (void)signal_number;
    int saved = errno;
    ucontext_t *uc = context;
    int number = info->si_syscall;
    unsigned long flags = 0;
#if defined(__x86_64__)
#ifdef __NR_open
    if (number == __NR_open) flags = (unsigned long)uc->uc_mcontext.gregs[REG_RSI];
#endif
    if (number == __NR_openat) flags = (unsigned long)uc->uc_mcontext.gregs[REG_RDX];
#elif defined(__aarch64__)
    if (number == __NR_openat) flags = (unsigned long)uc->uc_mcontext.regs[2];
#endif
    unsigned char writes = (is_open(number) && (flags & WRITE_FLAGS) != 0) ? 1 : 0;
    if (report_descriptor >= 0) {
        unsigned char packet[sizeof report_packet];
        memcpy(packet, report_packet, report_prefix_length);
        unsigned char *p = packet + report_prefix_length;
        uint32_t n = (uint32_t)number;
        p[0] = TC_SANDBOX_ATTEMPT_MARKER;
        p[1] = (unsigned char)(n & 0xff);
        p[2] = (unsigned char)((n >> 8) & 0xff);
        p[3] = (unsigned char)((n >> 16) & 0xff);
        p[4] = (unsigned char)((n >> 24) & 0xff);
        p[5] = writes;
        (void)send(report_descriptor, packet, report_prefix_length + 6, MSG_NOSIGNAL | MSG_DONTWAIT);
    }
#if defined(__x86_64__)
    uc->uc_mcontext.gregs[REG_RAX] = -EPERM;
#elif defined(__aarch64__)
    uc->uc_mcontext.regs[0] = (unsigned long long)-EPERM;
#endif
    errno = saved;
}

/* ---- The filters ---- */

struct program {
    struct sock_filter code[256];
    unsigned short length;
};

static void emit(struct program *p, unsigned short code, unsigned int k, unsigned char jt, unsigned char jf) {
    p->code[p->length++] = (struct sock_filter){ code, jt, jf, k };
}

static void ret(struct program *p, unsigned int action) {
    emit(p, BPF_RET | BPF_K, action, 0, 0);
}

static void load_number(struct program *p) {
    emit(p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr), 0, 0);
}

/* Loads the low 32 bits of argument `index` (little-endian). */
static void load_argument(struct program *p, int index) {
    emit(p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args) + 8 * (unsigned int)index, 0, 0);
}

/* The start of every filter: a call of another architecture ends the process; the number is loaded. */
static void prologue(struct program *p) {
    emit(p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch), 0, 0);
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, TC_AUDIT_ARCH, 1, 0);
    ret(p, SECCOMP_RET_KILL_PROCESS);
    load_number(p);
#if defined(__x86_64__)
    /* x32 calls carry bit 30. */
    emit(p, BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);
    ret(p, SECCOMP_RET_KILL_PROCESS);
#endif
}

/* Traps `number` when argument `index` has any of `bits`. */
static void trap_with_bits(struct program *p, int number, int index, unsigned int bits) {
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)number, 0, 4);
    load_argument(p, index);
    emit(p, BPF_JMP | BPF_JSET | BPF_K, bits, 0, 1);
    ret(p, SECCOMP_RET_TRAP);
    ret(p, SECCOMP_RET_ALLOW);
}

/* Traps `number` unless argument `index` is NULL (utimensat with no path is futimens, on a
 * descriptor the process holds). */
static void trap_unless_null(struct program *p, int number, int index) {
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)number, 0, 6);
    load_argument(p, index);
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2);
    emit(p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args) + 8 * (unsigned int)index + 4, 0, 0);
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0);
    ret(p, SECCOMP_RET_TRAP);
    ret(p, SECCOMP_RET_ALLOW);
}

static void trap(struct program *p, int number) {
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)number, 0, 1);
    ret(p, SECCOMP_RET_TRAP);
}

static void fail(struct program *p, int number, int error) {
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)number, 0, 1);
    ret(p, SECCOMP_RET_ERRNO | ((unsigned int)error & SECCOMP_RET_DATA));
}

static int load(struct program *p) {
    ret(p, SECCOMP_RET_ALLOW);
    struct sock_fprog program = { .len = p->length, .filter = p->code };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) return errno;
    return 0;
}

/* Set when TRANSITION_CATALOG_WORKER_SANDBOX=off turned the filters off. */
static int filters_off;

int tc_sandbox_install(int report_fd, const unsigned char *prefix, size_t prefix_length) {
    const char *setting = getenv("TRANSITION_CATALOG_WORKER_SANDBOX");
    if (setting != NULL && strcmp(setting, "off") == 0) {
        filters_off = 1;
        return TC_SANDBOX_FILTER_OFF;
    }
    if (prefix_length > 64) return EINVAL;
    memcpy(report_packet, prefix, prefix_length);
    report_prefix_length = prefix_length;
    report_descriptor = report_fd;

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigsys;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGSYS, &action, NULL) != 0) return errno;
    sigset_t sys;
    sigemptyset(&sys);
    sigaddset(&sys, SIGSYS);
    pthread_sigmask(SIG_UNBLOCK, &sys, NULL);

    struct program p = { .length = 0 };
    prologue(&p);
    for (size_t i = 0; i < trapped_count; i++) trap(&p, trapped_calls[i].number);
    /* A thread is a clone with CLONE_THREAD; anything else is a new process. */
    emit(&p, BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4);
    load_argument(&p, 0);
    emit(&p, BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 1, 0);
    ret(&p, SECCOMP_RET_TRAP);
    ret(&p, SECCOMP_RET_ALLOW);
#ifdef __NR_open
    trap_with_bits(&p, __NR_open, 1, WRITE_FLAGS);
#endif
    trap_with_bits(&p, __NR_openat, 2, WRITE_FLAGS);
    trap_unless_null(&p, __NR_utimensat, 1);
    fail(&p, __NR_clone3, ENOSYS);
    fail(&p, __NR_openat2, ENOSYS);
    /* The handler stays the one that reports. */
    emit(&p, BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_sigaction, 0, 4);
    load_argument(&p, 0);
    emit(&p, BPF_JMP | BPF_JEQ | BPF_K, SIGSYS, 0, 1);
    ret(&p, SECCOMP_RET_ERRNO | EPERM);
    ret(&p, SECCOMP_RET_ALLOW);
    return load(&p);
}

int tc_sandbox_lock_files(void) {
    if (filters_off) return TC_SANDBOX_FILTER_OFF;
    struct program p = { .length = 0 };
    prologue(&p);
#ifdef __NR_open
    trap(&p, __NR_open);
#endif
    trap(&p, __NR_openat);
    return load(&p);
}

void tc_sandbox_prepare(void) {
    (void)mallopt(M_ARENA_MAX, 1);
    (void)setenv("LIBDISPATCH_LOG", "NO", 1);
}

/* ---- The namespaces ---- */

static void write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return;
    ssize_t ignored = write(fd, text, strlen(text));
    (void)ignored;
    close(fd);
}

/* Ends this process as `status` (a wait status) ended its child. */
static void end_like(int status) {
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    int signal_number = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    signal(signal_number, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, signal_number);
    sigprocmask(SIG_UNBLOCK, &one, NULL);
    kill(getpid(), signal_number);
    _exit(128 + signal_number);
}

int tc_sandbox_enter_namespaces(void) {
    const char *setting = getenv("TRANSITION_CATALOG_WORKER_NAMESPACES");
    int refusal = 0;
    uid_t uid = getuid();
    gid_t gid = getgid();
    if (setting != NULL && strcmp(setting, "off") == 0) {
        refusal = TC_SANDBOX_NAMESPACES_OFF;
    } else if (unshare(CLONE_NEWUSER | CLONE_NEWPID) != 0) {
        refusal = errno;
    }
    if (refusal != 0) {
        (void)prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        return refusal;
    }
    char line[64];
    write_file("/proc/self/setgroups", "deny");
    snprintf(line, sizeof line, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
    write_file("/proc/self/uid_map", line);
    snprintf(line, sizeof line, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
    write_file("/proc/self/gid_map", line);

    /* The first process of the namespace tells the one outside how the worker ended. */
    int ending[2];
    if (pipe2(ending, O_CLOEXEC) != 0) return errno;
    pid_t init = fork();
    if (init < 0) {
        int error = errno;
        close(ending[0]);
        close(ending[1]);
        (void)prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        return error;
    }
    if (init > 0) {
        close(ending[1]);
        int status = 0;
        ssize_t got;
        do { got = read(ending[0], &status, sizeof status); } while (got < 0 && errno == EINTR);
        int own = 0;
        while (waitpid(init, &own, 0) < 0 && errno == EINTR) {}
        end_like(got == (ssize_t)sizeof status ? status : own);
    }
    close(ending[0]);
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    pid_t worker = fork();
    if (worker < 0) _exit(2);
    if (worker == 0) {
        close(ending[1]);
        (void)prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        return 0;
    }
    /* PID 1: reaps everything in the namespace until the worker ends. */
    for (;;) {
        int status = 0;
        pid_t ended = waitpid(-1, &status, 0);
        if (ended < 0 && errno == EINTR) continue;
        if (ended == worker || ended < 0) {
            ssize_t ignored = write(ending[1], &status, sizeof status);
            (void)ignored;
            _exit(0);
        }
    }
}

/* ---- Descriptors handed over the report channel ---- */

long tc_send_with_descriptor(int socket_fd, const void *bytes, size_t length, int fd) {
    struct iovec part = { .iov_base = (void *)bytes, .iov_len = length };
    union { char bytes[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1 };
    if (fd >= 0) {
        message.msg_control = control.bytes;
        message.msg_controllen = sizeof control.bytes;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &fd, sizeof(int));
    }
    ssize_t sent;
    do { sent = sendmsg(socket_fd, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return (long)sent;
}

long tc_receive_with_descriptor(int socket_fd, void *buffer, size_t capacity, int *fd) {
    *fd = -1;
    struct iovec part = { .iov_base = buffer, .iov_len = capacity };
    union { char bytes[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1, .msg_control = control.bytes, .msg_controllen = sizeof control.bytes };
    ssize_t received;
    do { received = recvmsg(socket_fd, &message, MSG_CMSG_CLOEXEC); } while (received < 0 && errno == EINTR);
    if (received < 0) return -1;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS && header->cmsg_len >= CMSG_LEN(sizeof(int))) {
            memcpy(fd, CMSG_DATA(header), sizeof(int));
        }
    }
    return (long)received;
}
