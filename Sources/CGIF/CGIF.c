#include "CGIF.h"

#include "CLibraryLoader.h"

struct tc_gif_functions tc_gif_functions;

#define TC_GIF_NAME(ret, name, params, args) #name,
#define TC_GIF_VOID_NAME(name, params, args) #name,
static const char *const names[] = {TC_GIF_FUNCTIONS(TC_GIF_NAME, TC_GIF_VOID_NAME)};
_Static_assert(sizeof(struct tc_gif_functions) == sizeof(names) / sizeof(names[0]) * sizeof(void *),
               "one name per function");

static tc_runtime_library_t gif = {
    .soname = "libgif.so.7",
    .symbols = names,
    .functions = (void **)&tc_gif_functions,
    .count = sizeof(names) / sizeof(names[0]),
    .install_hint = "GIF pictures need giflib: install Debian's libgif7 (scripts/setup does), or use --format html",
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

bool tc_gif_load(char *error, size_t error_size) { return tc_runtime_library_load(&gif, error, error_size); }

bool tc_gif_is_resident(void) { return tc_library_is_resident(gif.soname); }
