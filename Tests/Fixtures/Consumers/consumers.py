#!/usr/bin/env python3
"""Independent consumers of the catalog's previews, for the test suite.

Each subcommand prints one JSON object on standard output and exits 0, or prints one line on
standard error and exits 1 (2 when a library it needs is missing).

  image-info FILE                       size, frame count, per-frame durations and loop of a PNG or GIF (Pillow)
  compare A B [C D ...] [--backdrop RRGGBB]
                                        how far each pair of images differs, pixel by pixel (Pillow)
  validate-lottie FILE...               errors against the official Lottie schema, per file (lottie-specs, jsonschema-rs)
  rlottie-render FILE FRAME OUT [--backdrop RRGGBB]
                                        renders one frame with rlottie (Debian's librlottie) to a PNG
  browser-shots SPEC                    parks a page at fractions of its animations in headless Chromium
                                        and screenshots it, cell by cell (browser_shots.py)
  browser-run SPEC                      evaluates a script in a page in headless Chromium (browser_shots.py)
"""
import ctypes
import ctypes.util
import json
import sys


def need(module, package):
    try:
        return __import__(module)
    except ImportError:
        print(f"missing Python package {package!r}: install it with `python3 -m pip install {package}`", file=sys.stderr)
        sys.exit(2)


def rgb(hex_text):
    value = int(hex_text, 16)
    return (value >> 16 & 255, value >> 8 & 255, value & 255)


def flat(image, backdrop):
    """The image as RGB, with any transparency composited over the backdrop colour."""
    Image = need("PIL.Image", "pillow")
    from PIL import Image
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        ground = Image.new("RGBA", image.size, backdrop + (255,))
        ground.alpha_composite(image)
        return ground.convert("RGB")
    return image.convert("RGB")


def image_info(path):
    need("PIL", "pillow")
    from PIL import Image, ImageSequence
    with Image.open(path) as image:
        frames = []
        for frame in ImageSequence.Iterator(image):
            frames.append(frame.info.get("duration"))
        return {
            "format": image.format,
            "width": image.size[0],
            "height": image.size[1],
            "mode": image.mode,
            "frames": len(frames),
            "durations": frames,
            "loop": image.info.get("loop"),
        }


def compare(a_path, b_path, backdrop):
    need("PIL", "pillow")
    from PIL import Image, ImageChops, ImageStat
    with Image.open(a_path) as a, Image.open(b_path) as b:
        a, b = flat(a, backdrop), flat(b, backdrop)
        if a.size != b.size:
            return {"sameSize": False, "a": a.size, "b": b.size}
        diff = ImageChops.difference(a, b)
        channels = diff.split()
        worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
        histogram = worst.histogram()
        total = a.size[0] * a.size[1]
        def beyond(level):
            return sum(histogram[level + 1:]) / total
        return {
            "sameSize": True,
            "width": a.size[0],
            "height": a.size[1],
            "meanAbsDiff": sum(ImageStat.Stat(diff).mean) / 3,
            "maxDiff": max(i for i, n in enumerate(histogram) if n) if total else 0,
            "fractionOver16": beyond(16),
            "fractionOver48": beyond(48),
            "fractionOver96": beyond(96),
        }


def validate_lottie(paths):
    lottie_specs = need("lottie_specs", "lottie-specs")
    jsonschema_rs = need("jsonschema_rs", "jsonschema-rs")
    schema = lottie_specs.load_specs()
    validator = jsonschema_rs.Draft202012Validator(schema)
    files = {}
    for path in paths:
        with open(path) as f:
            document = json.load(f)
        errors = []
        for error in validator.iter_errors(document):
            where = "/".join(str(p) for p in error.instance_path)
            errors.append(f"{where or '(root)'}: {error.message[:300]}")
        files[path] = {"errors": errors[:20], "errorCount": len(errors)}
    return {"schemaVersion": schema.get("$version"), "files": files}


def load_rlottie():
    names = [ctypes.util.find_library("rlottie"), "librlottie.so.0-1", "librlottie.so.0", "librlottie.so"]
    for name in names:
        if not name:
            continue
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    print("missing rlottie: install Debian's librlottie0-1 (`apt-get install librlottie0-1`)", file=sys.stderr)
    sys.exit(2)


def rlottie_render(path, frame, out, backdrop):
    need("PIL", "pillow")
    from PIL import Image
    lib = load_rlottie()
    lib.lottie_animation_from_data.restype = ctypes.c_void_p
    lib.lottie_animation_from_data.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p]
    lib.lottie_animation_get_size.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_size_t)]
    lib.lottie_animation_get_totalframe.restype = ctypes.c_size_t
    lib.lottie_animation_get_totalframe.argtypes = [ctypes.c_void_p]
    lib.lottie_animation_get_framerate.restype = ctypes.c_double
    lib.lottie_animation_get_framerate.argtypes = [ctypes.c_void_p]
    lib.lottie_animation_render.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
    lib.lottie_animation_destroy.argtypes = [ctypes.c_void_p]
    with open(path, "rb") as f:
        data = f.read()
    animation = lib.lottie_animation_from_data(data, path.encode(), b"")
    if not animation:
        print(f"rlottie could not load {path}", file=sys.stderr)
        sys.exit(1)
    try:
        w, h = ctypes.c_size_t(), ctypes.c_size_t()
        lib.lottie_animation_get_size(animation, ctypes.byref(w), ctypes.byref(h))
        total = lib.lottie_animation_get_totalframe(animation)
        rate = lib.lottie_animation_get_framerate(animation)
        buffer = (ctypes.c_uint32 * (w.value * h.value))()
        lib.lottie_animation_render(animation, frame, buffer, w.value, h.value, w.value * 4)
    finally:
        lib.lottie_animation_destroy(animation)
    # Premultiplied ARGB words, little-endian: bytes are B, G, R, A.
    raw = Image.frombuffer("RGBA", (w.value, h.value), bytes(buffer), "raw", "BGRA", 0, 1)
    r, g, b, a = raw.split()
    ground = Image.new("RGB", raw.size, backdrop)
    # Composite premultiplied colour over the backdrop: out = src + (1 - a) * ground.
    from PIL import ImageChops
    inverse = ImageChops.invert(a)
    under = Image.merge("RGB", [ImageChops.multiply(c, inverse) for c in ground.split()])
    over = ImageChops.add(Image.merge("RGB", (r, g, b)), under)
    over.save(out)
    return {"width": w.value, "height": h.value, "totalFrames": total, "frameRate": rate, "frame": frame}


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 1
    command, args = argv[1], argv[2:]
    backdrop = (0, 0, 0)
    if "--backdrop" in args:
        i = args.index("--backdrop")
        backdrop = rgb(args[i + 1])
        del args[i:i + 2]
    try:
        if command == "image-info" and len(args) == 1:
            result = image_info(args[0])
        elif command == "compare" and len(args) >= 2 and len(args) % 2 == 0:
            result = {"pairs": [compare(args[i], args[i + 1], backdrop) for i in range(0, len(args), 2)]}
        elif command == "validate-lottie" and len(args) >= 1:
            result = validate_lottie(args)
        elif command == "browser-shots" and len(args) == 1:
            need("PIL", "pillow")
            import browser_shots
            result = browser_shots.shots(args[0])
        elif command == "browser-run" and len(args) == 1:
            import browser_shots
            result = browser_shots.run(args[0])
        elif command == "rlottie-render" and len(args) == 3:
            result = rlottie_render(args[0], int(args[1]), args[2], backdrop)
        else:
            print(__doc__, file=sys.stderr)
            return 1
    except (OSError, ValueError) as error:
        print(f"{command}: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
