#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <sched.h>
#include <sys/socket.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>
#include "CFFIShims.h"

ffi_type *tc_ffi_type_void(void) { return &ffi_type_void; }
ffi_type *tc_ffi_type_double(void) { return &ffi_type_double; }
ffi_type *tc_ffi_type_uint32(void) { return &ffi_type_uint32; }
ffi_type *tc_ffi_type_sint32(void) { return &ffi_type_sint32; }
ffi_type *tc_ffi_type_uint8(void) { return &ffi_type_uint8; }
ffi_type *tc_ffi_type_pointer(void) { return &ffi_type_pointer; }
ffi_abi tc_ffi_default_abi(void) { return FFI_DEFAULT_ABI; }

int tc_set_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

int tc_set_not_dumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

int tc_current_cpu(void) {
    return sched_getcpu();
}

int tc_keep_on_cpu(int thread, int cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(thread, sizeof set, &set);
}

long tc_receive_with_sender(int fd, void *buffer, unsigned long length, int flags, int *sender) {
    struct iovec part = { buffer, length };
    union {
        struct cmsghdr header;
        char bytes[CMSG_SPACE(sizeof(struct ucred))];
    } control;
    struct msghdr message = { 0 };
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control.bytes;
    message.msg_controllen = sizeof control.bytes;
    *sender = 0;
    ssize_t n = recvmsg(fd, &message, flags);
    if (n < 0) return n;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c != NULL; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_CREDENTIALS && c->cmsg_len >= CMSG_LEN(sizeof(struct ucred))) {
            struct ucred credentials;
            memcpy(&credentials, CMSG_DATA(c), sizeof credentials);
            *sender = credentials.pid;
        }
    }
    return n;
}

void tc_find_variables(const char *const *names, size_t count, const char **values) {
    size_t found = 0;
    for (size_t i = 0; i < count; i++) values[i] = NULL;
    for (char **entry = environ; entry != NULL && *entry != NULL && found < count; entry++) {
        const char *e = *entry;
        for (size_t i = 0; i < count; i++) {
            if (values[i] != NULL || e[0] != names[i][0]) continue;
            size_t length = strlen(names[i]);
            if (strncmp(e, names[i], length) == 0 && e[length] == '=') {
                values[i] = e + length + 1;
                found++;
                break;
            }
        }
    }
}

int tc_library_needs(void *handle, const char *prefix) {
    struct link_map *map = NULL;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL || map->l_ld == NULL) return -1;
    const char *strings = NULL;
    for (const ElfW(Dyn) *d = map->l_ld; d->d_tag != DT_NULL; d++) {
        if (d->d_tag == DT_STRTAB) {
            /* The loader relocates this entry in place where the dynamic section is writable;
               where it is not, it still holds the offset from the load address. */
            ElfW(Addr) address = d->d_un.d_ptr;
            strings = (const char *)(address < map->l_addr ? address + map->l_addr : address);
        }
    }
    if (strings == NULL) return -1;
    size_t length = strlen(prefix);
    for (const ElfW(Dyn) *d = map->l_ld; d->d_tag != DT_NULL; d++) {
        if (d->d_tag == DT_NEEDED && strncmp(strings + d->d_un.d_val, prefix, length) == 0) return 1;
    }
    return 0;
}

const char *tc_object_file(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return NULL;
    return info.dli_fname;
}
