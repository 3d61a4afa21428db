#include "PixelMemory.h"

#include <stdint.h>
#include <sys/mman.h>

/* The size of an x86-64 and arm64 transparent huge page. */
static const size_t huge_page = (size_t)2 << 20;

void *tc_pixel_memory_allocate(size_t bytes, size_t *mapped) {
    if (bytes == 0 || bytes > SIZE_MAX - 2 * huge_page || !mapped) return NULL;
    size_t length = (bytes + huge_page - 1) & ~(huge_page - 1);
    /* Map one huge page more than needed and trim both ends to the 2 MiB boundary. */
    unsigned char *region = mmap(NULL, length + huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) return NULL;
    uintptr_t start = ((uintptr_t)region + huge_page - 1) & ~(uintptr_t)(huge_page - 1);
    unsigned char *aligned = (unsigned char *)start;
    size_t head = (size_t)(aligned - region);
    if (head) munmap(region, head);
    size_t tail = huge_page - head;
    if (tail) munmap(aligned + length, tail);
    /* Advice only: without huge pages the memory works as ordinary pages. */
#ifdef MADV_HUGEPAGE
    (void)madvise(aligned, length, MADV_HUGEPAGE);
#endif
    *mapped = length;
    return aligned;
}

void tc_pixel_memory_free(void *memory, size_t mapped) {
    if (memory && mapped) munmap(memory, mapped);
}
