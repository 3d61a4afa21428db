#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "CAllocationCount.h"
#include "CAllocationInterposer.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);

const int allocation_interposer_linked = 1;

__attribute__((constructor)) static void allocation_interposer_start(void) {
    allocation_count_interposed = true;
}

static inline void counted(void) {
    if (__builtin_expect(allocation_count_counting, 0)) allocation_count_made += 1;
}

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    counted();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
    counted();
    return __libc_valloc(size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    counted();
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}
