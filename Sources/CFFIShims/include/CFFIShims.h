#ifndef CFFI_SHIMS_H
#define CFFI_SHIMS_H
#include <ffi.h>
#include <stddef.h>

/* libffi's type descriptors are C globals; Swift 6 reaches them through these functions. */
ffi_type *tc_ffi_type_void(void);
ffi_type *tc_ffi_type_double(void);
ffi_type *tc_ffi_type_uint32(void);
ffi_type *tc_ffi_type_sint32(void);
ffi_type *tc_ffi_type_uint8(void);
ffi_type *tc_ffi_type_pointer(void);
ffi_abi tc_ffi_default_abi(void);

/* prctl is variadic, which Swift cannot call: makes this process the reaper of its orphaned
   descendants (PR_SET_CHILD_SUBREAPER), so a host can wait for what a killed worker forked.
   Returns 0, or -1 with errno set. */
int tc_set_child_subreaper(void);

/* Makes this process non-dumpable (PR_SET_DUMPABLE 0): another process of the same user without
   CAP_SYS_PTRACE can then neither attach to it with ptrace nor open /proc/<pid>/mem, and it
   leaves no core dump. A child's execve makes the child dumpable again. Returns 0, or -1 with
   errno set. */
int tc_set_not_dumpable(void);

/* The CPU the calling thread runs on now (sched_getcpu), or -1 when the system cannot say. */
int tc_current_cpu(void);

/* Keeps the thread `thread` (a thread id, or a process id for its main thread) on CPU `cpu` alone
   (sched_setaffinity with a one-CPU set). Returns 0, or -1 with errno set (EINVAL when `cpu` is
   not one the thread may use, ESRCH when there is no such thread). */
int tc_keep_on_cpu(int thread, int cpu);

/* recv(2) on a Unix socket with SO_PASSCRED set that also gives the sending process's id, as this
   process's PID namespace numbers it, in `*sender` (0 when the packet carried no credentials).
   Returns what recv would. */
long tc_receive_with_sender(int fd, void *buffer, unsigned long length, int flags, int *sender);

/* The values of the environment variables `names` (count of them), as getenv would return them
   (the first entry of each name wins; NULL for a variable that is not set), found in one pass
   over the environment instead of one per name. The pointers are into the environment, valid
   until it next changes. */
void tc_find_variables(const char *const *names, size_t count, const char **values);

/* Whether the object `handle` (from dlopen) names a library whose file name starts with `prefix`
   among its DT_NEEDED entries: 1 when it does, 0 when it does not, -1 when its dynamic section
   cannot be read. */
int tc_library_needs(void *handle, const char *prefix);

/* The file of the loaded object (executable or shared library) that holds `address`, as the
   dynamic loader names it (dladdr); NULL when no object holds it. Owned by the loader. */
const char *tc_object_file(const void *address);

#endif
