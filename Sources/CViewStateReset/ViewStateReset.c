/* The wide reset of view states: see include/CViewStateReset.h. */
#include "CViewStateReset.h"

#include <stddef.h>
#include "transition_catalog.h"

/* The layout the reset relies on: a frozen 1.0 struct, so these hold on every 64-bit host. */
_Static_assert(sizeof(tc_view_state_t) == 216, "tc_view_state_t is 216 bytes");
_Static_assert(offsetof(tc_view_state_t, frame) == 0, "the frame leads the view state");
_Static_assert(sizeof(tc_rect_t) == 32, "a frame is 32 bytes");
_Static_assert(offsetof(tc_view_state_t, color) == 184, "the colour ends the view state");
_Static_assert(sizeof(tc_color_t) == 32, "a colour is 32 bytes");

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <immintrin.h>

bool view_states_reset_wide_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/* Each state is seven 32-byte stores: the view's frame, the resting middle (bytes 32 to 183, held
 * in registers; the last store overlaps the one before it) and the view's colour. */
__attribute__((target("avx2")))
void view_states_reset_wide(void *states, const void *resting, const void *frames_and_colors, size_t count) {
    const double *r = resting;
    const __m256d m0 = _mm256_loadu_pd(r + 4), m1 = _mm256_loadu_pd(r + 8), m2 = _mm256_loadu_pd(r + 12);
    const __m256d m3 = _mm256_loadu_pd(r + 16), m4 = _mm256_loadu_pd(r + 19);
    double *out = states;
    const double *in = frames_and_colors;
    for (size_t i = 0; i < count; i++, out += 27, in += 8) {
        _mm256_storeu_pd(out, _mm256_loadu_pd(in));
        _mm256_storeu_pd(out + 4, m0);
        _mm256_storeu_pd(out + 8, m1);
        _mm256_storeu_pd(out + 12, m2);
        _mm256_storeu_pd(out + 16, m3);
        _mm256_storeu_pd(out + 19, m4);
        _mm256_storeu_pd(out + 23, _mm256_loadu_pd(in + 4));
    }
}

#else

bool view_states_reset_wide_available(void) { return false; }

void view_states_reset_wide(void *states, const void *resting, const void *frames_and_colors, size_t count) {
    (void)states; (void)resting; (void)frames_and_colors; (void)count;
}

#endif
