/*
 * CAllocationInterposer: malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign and
 * valloc for the catalog executables (`catalog`, `catalog-worker`), which link it. Each forwards
 * to glibc's own (`__libc_malloc`...) and, while the calling thread counts (CAllocationCount),
 * adds one to its count. Defined in the executable, they replace glibc's for the whole process,
 * plugins included. Nothing here is called directly.
 */
#ifndef TC_CALLOCATIONINTERPOSER_H
#define TC_CALLOCATIONINTERPOSER_H

/* A reference that keeps this file's functions in an executable that links it. */
extern const int allocation_interposer_linked;

#endif
