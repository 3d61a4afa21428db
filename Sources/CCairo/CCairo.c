#include "CCairo.h"

#include "CLibraryLoader.h"

struct tc_cairo_functions tc_cairo_functions;

#define TC_CAIRO_NAME(ret, name, params, args) #name,
#define TC_CAIRO_VOID_NAME(name, params, args) #name,
static const char *const names[] = {TC_CAIRO_FUNCTIONS(TC_CAIRO_NAME, TC_CAIRO_VOID_NAME)};
_Static_assert(sizeof(struct tc_cairo_functions) == sizeof(names) / sizeof(names[0]) * sizeof(void *),
               "one name per function");

static tc_runtime_library_t cairo = {
    .soname = "libcairo.so.2",
    .symbols = names,
    .functions = (void **)&tc_cairo_functions,
    .count = sizeof(names) / sizeof(names[0]),
    .install_hint = "PNG and GIF pictures need cairo: install Debian's libcairo2 (scripts/setup does), or use --format html",
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

bool tc_cairo_load(char *error, size_t error_size) { return tc_runtime_library_load(&cairo, error, error_size); }

bool tc_cairo_is_resident(void) { return tc_library_is_resident(cairo.soname); }
