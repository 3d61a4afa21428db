#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static bool load(tc_runtime_library_t *library) {
    /* Lazy binding: cairo brings about twenty libraries (X11 and xcb among them) whose functions
     * are mostly never called here; binding each at load would look every one up through the
     * Swift runtime's libraries first (0.3 ms of a PNG preview). The functions used are checked
     * with dlsym below. */
    void *handle = dlopen(library->soname, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(library->failure, sizeof(library->failure), "%s could not be loaded (%s); %s", library->soname,
                 reason ? reason : "unknown error", library->install_hint);
        return false;
    }
    for (size_t i = 0; i < library->count; i++) {
        library->functions[i] = dlsym(handle, library->symbols[i]);
        if (!library->functions[i]) {
            snprintf(library->failure, sizeof(library->failure), "%s has no function %s (too old a version); %s",
                     library->soname, library->symbols[i], library->install_hint);
            return false;
        }
    }
    return true;
}

bool tc_runtime_library_load(tc_runtime_library_t *library, char *error, size_t error_size) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) library->state = load(library) ? 1 : -1;
    bool loaded = library->state == 1;
    pthread_mutex_unlock(&library->lock);
    if (!loaded && error && error_size) {
        strncpy(error, library->failure, error_size - 1);
        error[error_size - 1] = 0;
    }
    return loaded;
}

bool tc_library_is_resident(const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_NOLOAD);
    if (!handle) return false;
    dlclose(handle);
    return true;
}
