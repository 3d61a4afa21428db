/*
 * CWorkerSandbox: what confines a worker process that runs untrusted native plugin code, with what
 * Linux gives an unprivileged process.
 *
 * - A user and a PID namespace (`tc_sandbox_enter_namespaces`): the worker's descendants die with
 *   it, and it can signal no process outside its namespace.
 * - A seccomp-bpf filter (`tc_sandbox_install`), installed with PR_SET_NO_NEW_PRIVS before any
 *   plugin code runs: starting a process (fork, vfork, clone without CLONE_THREAD, exec), the
 *   network (socket, connect, bind, listen, accept), writing the file system (an open for writing
 *   or creating, creat, mkdir, unlink, rename, link, symlink, truncate, chmod, chown, mknod,
 *   utimes, extended attributes), leaving the process group (setsid, setpgid), reaching other
 *   processes (ptrace, process_vm_readv/writev) and changing the view of the system (mount,
 *   chroot, unshare, setns, io_uring, open_by_handle_at, bpf, perf_event_open, kernel modules,
 *   kexec, reboot) trap. A SIGSYS handler makes the call fail with EPERM and sends the host one
 *   signed packet naming it. clone3 and openat2, whose flags a filter cannot read, fail with
 *   ENOSYS (glibc then uses clone and openat); replacing the SIGSYS handler fails with EPERM.
 *   System calls of another architecture (int 0x80 on x86-64) end the process.
 * - A second filter (`tc_sandbox_lock_files`), stacked once the plugin is loaded: every open
 *   traps, so the plugin reads no file it did not open while it was loaded.
 */
#ifndef TC_CWORKERSANDBOX_H
#define TC_CWORKERSANDBOX_H

#include <stddef.h>

/* The first byte of the payload of a report that names a trapped call: then the call's number
 * (4 bytes, little-endian) and 1 when it was an open for writing or creating, else 0. */
#define TC_SANDBOX_ATTEMPT_MARKER 0x1D

/* The first byte of the payload of the report on the namespaces: then 0 when the worker runs in
 * its own user and PID namespaces, else the errno of the refusal (4 bytes, little-endian). */
#define TC_SANDBOX_NAMESPACE_MARKER 0x1C

/* The errno reported when the namespaces were turned off by TRANSITION_CATALOG_WORKER_NAMESPACES=off
 * rather than refused by the kernel. */
#define TC_SANDBOX_NAMESPACES_OFF (-1)

/* The errno reported when the filters were turned off by TRANSITION_CATALOG_WORKER_SANDBOX=off, to
 * test another protection alone or to trace a plugin with a debugger. */
#define TC_SANDBOX_FILTER_OFF (-1)

/* Puts the calling process, which must have a single thread, into a new user namespace (mapping
 * its own user and group ids) and a new PID namespace. The namespace's first process (PID 1)
 * only reaps; the worker goes on as its child, PID 2. The calling process stays outside, waits,
 * and ends as the worker ended (the same exit status, or the same signal), so the host that
 * watches its pid sees the worker's ending; whatever is left in the namespace is killed when
 * the worker ends. Returns 0 in the worker, and never in the two processes that wait. Returns the
 * errno when the kernel refuses (TC_SANDBOX_NAMESPACES_OFF when the environment variable
 * TRANSITION_CATALOG_WORKER_NAMESPACES is `off`), having made the process a child subreaper
 * (PR_SET_CHILD_SUBREAPER) instead. */
int tc_sandbox_enter_namespaces(void);

/* Readies the process, before it starts a thread, for a filter that refuses opens: glibc gets one
 * malloc arena (it reads /proc/sys/vm/overcommit_memory the first time a thread's own arena
 * shrinks), and libdispatch's log is turned off (LIBDISPATCH_LOG=NO: it reports a refused thread
 * priority, as an unprivileged or namespaced process gets, through syslog, which opens
 * /etc/localtime and a socket). */
void tc_sandbox_prepare(void);

/* Installs the SIGSYS handler and the filter described above. A trapped call is reported on
 * `report_fd` as one SOCK_SEQPACKET packet: `prefix` (prefix_length bytes, at most 64), then the
 * payload TC_SANDBOX_ATTEMPT_MARKER describes. Returns 0, the errno when the kernel refused (no
 * seccomp filter support), or TC_SANDBOX_FILTER_OFF when the environment variable
 * TRANSITION_CATALOG_WORKER_SANDBOX is `off` (then `tc_sandbox_lock_files` does nothing either). */
int tc_sandbox_install(int report_fd, const unsigned char *prefix, size_t prefix_length);

/* Stacks the filter that makes every open (open, openat, creat, open_by_handle_at) trap as the
 * calls above do. Returns 0, or the errno when the kernel refused. */
int tc_sandbox_lock_files(void);

/* The name of system call `number` of this architecture as the filter knows it (`connect`), or
 * NULL for a call it does not trap. */
const char *tc_sandbox_call_name(int number);

/* What a plugin making trapped call `number` tried to do (`connect a socket`), or NULL. `writes`
 * says whether an open asked to write or create. */
const char *tc_sandbox_call_attempt(int number, int writes);

/* The rule the attempt broke (`workers have no network`), or NULL. */
const char *tc_sandbox_call_rule(int number, int writes);

/* Sends one packet of `length` bytes on the SOCK_SEQPACKET socket `socket_fd`, with a copy of
 * descriptor `fd` (SCM_RIGHTS) when `fd` is not negative. Returns the bytes sent, or -1 with errno
 * set. The host hands a worker the files it may write this way, since the worker may open none. */
long tc_send_with_descriptor(int socket_fd, const void *bytes, size_t length, int fd);

/* Receives one packet into `buffer` (at most `capacity` bytes) on `socket_fd`, waiting for it; a
 * descriptor that came with it is stored in `*fd` (close-on-exec), else -1. Returns the bytes
 * received, 0 when the peer closed, or -1 with errno set. */
long tc_receive_with_descriptor(int socket_fd, void *buffer, size_t capacity, int *fd);

#endif
