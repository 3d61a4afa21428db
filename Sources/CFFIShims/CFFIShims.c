#include <sys/prctl.h>
#include "CFFIShims.h"

ffi_type *tc_ffi_type_void(void) { return &ffi_type_void; }
ffi_type *tc_ffi_type_double(void) { return &ffi_type_double; }
ffi_type *tc_ffi_type_uint32(void) { return &ffi_type_uint32; }
ffi_type *tc_ffi_type_sint32(void) { return &ffi_type_sint32; }
ffi_type *tc_ffi_type_uint8(void) { return &ffi_type_uint8; }
ffi_type *tc_ffi_type_pointer(void) { return &ffi_type_pointer; }
ffi_abi tc_ffi_default_abi(void) { return FFI_DEFAULT_ABI; }

int tc_set_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}
