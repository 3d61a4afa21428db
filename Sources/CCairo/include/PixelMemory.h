/*
 * PixelMemory: the memory behind a large picture's pixels.
 *
 * A filmstrip's surface is megabytes that every pixel of the picture touches once: as 4 KiB pages,
 * each first touch is a page fault that zeroes one page. This memory is mapped on 2 MiB boundaries
 * and offered to the kernel for transparent huge pages (madvise MADV_HUGEPAGE), so one fault
 * zeroes 2 MiB. Where the kernel declines (huge pages disabled), the memory is ordinary pages.
 */
#ifndef TC_PIXEL_MEMORY_H
#define TC_PIXEL_MEMORY_H

#include <stddef.h>

/* At least this many bytes of pixels are worth their own huge-page mapping; smaller surfaces are
 * left to cairo's allocator. */
static const size_t TC_PIXEL_MEMORY_MINIMUM = (size_t)1 << 20;

/* Maps `bytes` (> 0) of zero-filled, readable and writable memory starting on a 2 MiB boundary.
 * Returns it, with the length of the mapping in `*mapped` (`bytes` rounded up to 2 MiB); or NULL
 * when the memory cannot be mapped. Release it with tc_pixel_memory_free. */
void *tc_pixel_memory_allocate(size_t bytes, size_t *mapped);

/* Unmaps memory from tc_pixel_memory_allocate, given the length it reported. */
void tc_pixel_memory_free(void *memory, size_t mapped);

#endif
