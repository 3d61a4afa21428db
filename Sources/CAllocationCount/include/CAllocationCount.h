/*
 * CAllocationCount: counts the heap allocations one thread makes between a start and a stop, so
 * the validator can tell a plugin's step that allocates. The counting itself is done by
 * CAllocationInterposer, which the catalog executables link: it replaces malloc, calloc, realloc,
 * posix_memalign, aligned_alloc, memalign and valloc, forwards each to glibc, and counts the call
 * while the calling thread counts. In a process without it (a test runner, an app that embeds the
 * host library), `allocation_count_available()` is false and nothing is counted.
 */
#ifndef TC_CALLOCATIONCOUNT_H
#define TC_CALLOCATIONCOUNT_H

#include <stdbool.h>

/* True when this process's allocation functions are the counting ones. */
bool allocation_count_available(void);

/* Starts counting the allocations of the calling thread, from 0. */
void allocation_count_start(void);

/* Stops counting on the calling thread and returns how many allocations it made since the start. */
unsigned long allocation_count_stop(void);

/* Stops counting on the calling thread for the host's own work inside a plugin call (a service
 * that fills a cache); returns whether it was counting, for `allocation_count_resume`. */
bool allocation_count_pause(void);

/* Counts again on the calling thread when `counting`, what `allocation_count_pause` returned. */
void allocation_count_resume(bool counting);

/* For CAllocationInterposer: set once its functions are in place. */
extern bool allocation_count_interposed;
/* For CAllocationInterposer: true on a thread between start and stop. */
extern __thread bool allocation_count_counting;
/* For CAllocationInterposer: the calling thread's count since its start. */
extern __thread unsigned long allocation_count_made;

#endif
