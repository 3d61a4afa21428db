/* The C half of the Swift built-ins' wasm module (scripts/build-wasm-plugins).
 *
 * Included for wasm32, transition_catalog.h defines the wasm32 binding: the tc_wasm_* exports,
 * the host tables and the "tc_host" imports. Swift's clang importer reads those definitions but
 * emits no code for them, so this file compiles them into the module. */
#include "transition_catalog.h"

#include <stddef.h>

void arc4random_buf(void *buffer, size_t count);

/* Embedded Swift's Hasher seeds itself with arc4random_buf: the enums' synthesized Hashable
 * conformances reference it, though no animator hashes anything and wasm-ld drops that code.
 * wasi-libc's arc4random_buf would be taken from libc.a before that, with assert, fprintf and
 * stdio, whose exit flush imports wasi_snapshot_preview1.fd_write, fd_seek and fd_close, which
 * the sandbox refuses. This definition, linked first, keeps libc.a's out; a fixed seed is all a
 * module that runs fresh for every transition could use anyway. */
void arc4random_buf(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    for (size_t i = 0; i < count; i++) bytes[i] = (unsigned char)(0x9e + 0x37 * i);
}
