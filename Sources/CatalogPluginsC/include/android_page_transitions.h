/* The Android page transitions plugin exports one symbol, tc_plugin_entry, declared in the
 * project's include/transition_catalog.h; it has no other public interface. */
#ifndef ANDROID_PAGE_TRANSITIONS_H
#define ANDROID_PAGE_TRANSITIONS_H
#endif
