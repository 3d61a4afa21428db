/*
 * CViewStateReset: the host's reset of many view states at once, for steps whose states do not
 * fit the first-level data cache. Every base state the host makes is a resting state (alpha 1,
 * identity transform, no corner radius, z-index 0, shown) with a frame and a colour of its own,
 * so the reset reads 64 bytes a view (the frame and the colour) instead of a whole 216-byte base
 * state, and writes each state with 32-byte stores.
 */
#ifndef TC_CVIEWSTATERESET_H
#define TC_CVIEWSTATERESET_H

#include <stdbool.h>
#include <stddef.h>

/* True when this processor runs `view_states_reset_wide` (x86-64 with AVX2); otherwise the host
 * copies whole base states. */
bool view_states_reset_wide_available(void);

/* Writes `count` view states (`tc_view_state_t`, 216 bytes each) at `states`: each is `resting`
 * with the frame (bytes 0 to 31) and the colour (bytes 184 to 215) taken from the view's 64 bytes
 * in `frames_and_colors` (its frame, then its colour). Call only when
 * `view_states_reset_wide_available()` is true. Writes nothing past `count` states. */
void view_states_reset_wide(void *states, const void *resting, const void *frames_and_colors, size_t count);

#endif
