#include <ffi.h>
