/*
 * CLibraryLoader: opens a C library at run time and resolves a list of its functions, for the
 * libraries only some commands need (cairo and giflib, for pictures).
 */
#ifndef TC_CLIBRARYLOADER_H
#define TC_CLIBRARYLOADER_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/* A library loaded on first use: what to open and resolve, and the outcome of the first attempt. */
typedef struct tc_runtime_library {
    const char *soname;          /* e.g. "libcairo.so.2" */
    const char *const *symbols;  /* `count` function names */
    void **functions;            /* receives `count` addresses */
    size_t count;
    const char *install_hint;    /* what the user should do when it cannot be loaded */
    pthread_mutex_t lock;        /* PTHREAD_MUTEX_INITIALIZER */
    int state;                   /* 0 not tried, 1 loaded, -1 failed; guarded by `lock` */
    char failure[512];           /* the first attempt's error, when it failed */
} tc_runtime_library_t;

/* Opens `library->soname` with RTLD_LAZY | RTLD_LOCAL and writes the address of each of its
 * functions into `library->functions`, once per process (later calls return the first outcome).
 * Returns true when the library opened and every symbol was found; otherwise false, with one
 * sentence in `error` (`error_size` bytes, NUL-terminated; may be NULL) naming the library, dlopen's
 * message or the missing symbol, and the install hint. Thread-safe. */
bool tc_runtime_library_load(tc_runtime_library_t *library, char *error, size_t error_size);

/* True when a library with soname `soname` is already loaded in this process. */
bool tc_library_is_resident(const char *soname);

#endif
