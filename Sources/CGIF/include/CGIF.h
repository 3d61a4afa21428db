/*
 * CGIF: the part of giflib's C API the GIF writer (and the tests' GIF reader) use, loaded at run time.
 *
 * GIF previews are encoded with Debian's giflib, but only `--format gif` needs it: the library is
 * opened with dlopen the first time a GIF is written, so the build needs no giflib headers and no
 * other command loads it.
 *
 * The declarations below follow giflib 5.2's public header (types, struct layouts, constants and
 * function signatures are its stable ABI, soname libgif.so.7). Each function is a static inline
 * wrapper calling through a table that `tc_gif_load` fills; calling one before a successful load is
 * a programming error.
 */
#ifndef TC_CGIF_H
#define TC_CGIF_H

#include <stdbool.h>
#include <stddef.h>

#define GIF_ERROR 0
#define GIF_OK 1

#define GRAPHICS_EXT_FUNC_CODE 0xf9
#define APPLICATION_EXT_FUNC_CODE 0xff

#define DISPOSE_DO_NOT 1
#define NO_TRANSPARENT_COLOR (-1)

typedef unsigned char GifPixelType;
typedef unsigned char GifByteType;
typedef int GifWord;

typedef struct GifColorType {
    GifByteType Red, Green, Blue;
} GifColorType;

typedef struct ColorMapObject {
    int ColorCount;
    int BitsPerPixel;
    bool SortFlag;
    GifColorType *Colors;
} ColorMapObject;

typedef struct GifImageDesc {
    GifWord Left, Top, Width, Height;
    bool Interlace;
    ColorMapObject *ColorMap;
} GifImageDesc;

typedef struct ExtensionBlock {
    int ByteCount;
    GifByteType *Bytes;
    int Function;
} ExtensionBlock;

typedef struct SavedImage {
    GifImageDesc ImageDesc;
    GifByteType *RasterBits;
    int ExtensionBlockCount;
    ExtensionBlock *ExtensionBlocks;
} SavedImage;

typedef struct GifFileType {
    GifWord SWidth, SHeight;
    GifWord SColorResolution;
    GifWord SBackGroundColor;
    GifByteType AspectByte;
    ColorMapObject *SColorMap;
    int ImageCount;
    GifImageDesc Image;
    SavedImage *SavedImages;
    int ExtensionBlockCount;
    ExtensionBlock *ExtensionBlocks;
    int Error;
    void *UserData;
    void *Private;
} GifFileType;

typedef int (*OutputFunc)(GifFileType *, const GifByteType *, int);
typedef int (*InputFunc)(GifFileType *, GifByteType *, int);

typedef struct GraphicsControlBlock {
    int DisposalMode;
    bool UserInputFlag;
    int DelayTime;
    int TransparentColor;
} GraphicsControlBlock;

/* The functions, as (return type, name, parameters, arguments). V: returns nothing. */
#define TC_GIF_FUNCTIONS(F, V) \
    F(GifFileType *, EGifOpen, (void *userPtr, OutputFunc writeFunc, int *Error), (userPtr, writeFunc, Error)) \
    F(int, EGifCloseFile, (GifFileType *GifFile, int *ErrorCode), (GifFile, ErrorCode)) \
    V(EGifSetGifVersion, (GifFileType *GifFile, const bool gif89), (GifFile, gif89)) \
    F(int, EGifPutScreenDesc, (GifFileType *GifFile, const int GifWidth, const int GifHeight, const int GifColorRes, const int GifBackGround, const ColorMapObject *GifColorMap), (GifFile, GifWidth, GifHeight, GifColorRes, GifBackGround, GifColorMap)) \
    F(int, EGifPutImageDesc, (GifFileType *GifFile, const int GifLeft, const int GifTop, const int GifWidth, const int GifHeight, const bool GifInterlace, const ColorMapObject *GifColorMap), (GifFile, GifLeft, GifTop, GifWidth, GifHeight, GifInterlace, GifColorMap)) \
    F(int, EGifPutLine, (GifFileType *GifFile, GifPixelType *GifLine, int GifLineLen), (GifFile, GifLine, GifLineLen)) \
    F(int, EGifPutExtensionLeader, (GifFileType *GifFile, const int GifExtCode), (GifFile, GifExtCode)) \
    F(int, EGifPutExtensionBlock, (GifFileType *GifFile, const int GifExtLen, const void *GifExtension), (GifFile, GifExtLen, GifExtension)) \
    F(int, EGifPutExtensionTrailer, (GifFileType *GifFile), (GifFile)) \
    F(int, EGifPutExtension, (GifFileType *GifFile, const int GifExtCode, const int GifExtLen, const void *GifExtension), (GifFile, GifExtCode, GifExtLen, GifExtension)) \
    F(size_t, EGifGCBToExtension, (const GraphicsControlBlock *GCB, GifByteType *GifExtension), (GCB, GifExtension)) \
    F(ColorMapObject *, GifMakeMapObject, (int ColorCount, const GifColorType *ColorMap), (ColorCount, ColorMap)) \
    V(GifFreeMapObject, (ColorMapObject *Object), (Object)) \
    F(const char *, GifErrorString, (int ErrorCode), (ErrorCode)) \
    F(GifFileType *, DGifOpen, (void *userPtr, InputFunc readFunc, int *Error), (userPtr, readFunc, Error)) \
    F(int, DGifSlurp, (GifFileType *GifFile), (GifFile)) \
    F(int, DGifSavedExtensionToGCB, (GifFileType *GifFile, int ImageIndex, GraphicsControlBlock *GCB), (GifFile, ImageIndex, GCB)) \
    F(int, DGifCloseFile, (GifFileType *GifFile, int *ErrorCode), (GifFile, ErrorCode))

#define TC_GIF_FIELD(ret, name, params, args) ret (*name) params;
#define TC_GIF_VOID_FIELD(name, params, args) void (*name) params;
/* The loaded functions. Filled by tc_gif_load; read only by the wrappers below. */
struct tc_gif_functions {
    TC_GIF_FUNCTIONS(TC_GIF_FIELD, TC_GIF_VOID_FIELD)
};
#undef TC_GIF_FIELD
#undef TC_GIF_VOID_FIELD
extern struct tc_gif_functions tc_gif_functions;

#define TC_GIF_WRAPPER(ret, name, params, args) static inline ret name params { return tc_gif_functions.name args; }
#define TC_GIF_VOID_WRAPPER(name, params, args) static inline void name params { tc_gif_functions.name args; }
TC_GIF_FUNCTIONS(TC_GIF_WRAPPER, TC_GIF_VOID_WRAPPER)
#undef TC_GIF_WRAPPER
#undef TC_GIF_VOID_WRAPPER

/* Opens giflib (libgif.so.7) once per process and fills the function table. Returns true when every
 * function was found; otherwise false, with a sentence saying what is missing written into `error`
 * (`error_size` bytes, NUL-terminated). Later calls return the first call's result. Thread-safe. */
bool tc_gif_load(char *error, size_t error_size);

/* True when giflib is loaded in this process. */
bool tc_gif_is_resident(void);

#endif
