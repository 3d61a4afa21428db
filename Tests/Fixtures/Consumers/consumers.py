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
  lottie-players SPEC [--backdrop RRGGBB]
                                        renders frames of Lottie files with Qt's Lottie player, rlottie
                                        and python-lottie, and compares each with a reference picture;
                                        SPEC is a JSON file of jobs {"player": "qt"|"rlottie"|"python-lottie",
                                        "file", "frame", "reference", "out" (optional: keeps the frame)}
  browser-shots SPEC                    parks a page at fractions of its animations in headless Chromium
                                        and screenshots it, cell by cell (browser_shots.py)
  browser-run SPEC                      evaluates a script in a page in headless Chromium (browser_shots.py)
"""
import ctypes
import ctypes.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


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


def fraction_over48(a, b):
    """The share of pixels whose worst channel differs by more than 48 levels, of two RGB images."""
    from PIL import ImageChops
    if a.size != b.size:
        return None
    channels = ImageChops.difference(a, b).split()
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    return sum(worst.histogram()[49:]) / (a.size[0] * a.size[1])


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


class Rlottie:
    """rlottie through its C API, one loaded animation a file."""

    def __init__(self):
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
        self.lib = lib

    def load(self, path):
        with open(path, "rb") as f:
            data = f.read()
        animation = self.lib.lottie_animation_from_data(data, path.encode(), b"")
        if not animation:
            raise ValueError(f"rlottie could not load {path}")
        return animation

    def info(self, animation):
        w, h = ctypes.c_size_t(), ctypes.c_size_t()
        self.lib.lottie_animation_get_size(animation, ctypes.byref(w), ctypes.byref(h))
        return w.value, h.value, self.lib.lottie_animation_get_totalframe(animation), self.lib.lottie_animation_get_framerate(animation)

    def image(self, animation, frame, backdrop):
        """One frame over the backdrop, as an RGB image."""
        from PIL import Image, ImageChops
        w, h, _, _ = self.info(animation)
        buffer = (ctypes.c_uint32 * (w * h))()
        self.lib.lottie_animation_render(animation, frame, buffer, w, h, w * 4)
        # Premultiplied ARGB words, little-endian: bytes are B, G, R, A.
        raw = Image.frombuffer("RGBA", (w, h), bytes(buffer), "raw", "BGRA", 0, 1)
        r, g, b, a = raw.split()
        ground = Image.new("RGB", raw.size, backdrop)
        # Composite premultiplied colour over the backdrop: out = src + (1 - a) * ground.
        inverse = ImageChops.invert(a)
        under = Image.merge("RGB", [ImageChops.multiply(c, inverse) for c in ground.split()])
        return ImageChops.add(Image.merge("RGB", (r, g, b)), under)

    def destroy(self, animation):
        self.lib.lottie_animation_destroy(animation)


def rlottie_render(path, frame, out, backdrop):
    need("PIL", "pillow")
    player = Rlottie()
    animation = player.load(path)
    try:
        w, h, total, rate = player.info(animation)
        player.image(animation, frame, backdrop).save(out)
    finally:
        player.destroy(animation)
    return {"width": w, "height": h, "totalFrames": total, "frameRate": rate, "frame": frame}


def qml_tool():
    for candidate in [os.environ.get("QML"), shutil.which("qml6"), "/usr/lib/qt6/bin/qml"]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    print("missing Qt 6's qml tool: install Debian's qml-qt6 (see scripts/packages.sh)", file=sys.stderr)
    sys.exit(2)


QT_GRABBER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "qt_lottie_grab.qml")


def start_qt(jobs, settle, workdir):
    """Starts one Qt process that grabs every job's frame to the job's `grab` path; returns it."""
    spec = os.path.join(workdir, f"qt-jobs-{settle}.txt")
    with open(spec, "w") as f:
        # The first grab of a run can come out wrong (the window is still taking the
        # animation's size), so the first job is grabbed once more, first, to a scratch file.
        f.write(f"{os.path.abspath(jobs[0]['file'])}\t{int(jobs[0]['frame'])}\t{os.path.join(workdir, 'warm-up.png')}\n")
        for job in jobs:
            f.write(f"{os.path.abspath(job['file'])}\t{int(job['frame'])}\t{job['grab']}\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QML_XHR_ALLOW_FILE_READ="1", XDG_RUNTIME_DIR=workdir)
    return subprocess.Popen([qml_tool(), QT_GRABBER, "--", "--settle", str(settle), spec], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish_qt(process, jobs, backdrop, pictures):
    """Waits for a Qt process; puts each grab, over the backdrop, in `pictures` by job index.
    Returns the jobs whose grab is missing or empty (the frame was not rendered yet), and Qt's
    warnings."""
    from PIL import Image
    _, err = process.communicate(timeout=600)
    if process.returncode != 0:
        raise ValueError(f"Qt's qml tool failed (status {process.returncode}): {err[-1500:]}")
    missing = []
    for job in jobs:
        grab = job["grab"]
        if not os.path.exists(grab):
            missing.append(job)
            continue
        with Image.open(grab) as image:
            image = image.convert("RGBA")
        if image.getextrema()[3][1] == 0:
            missing.append(job)
            continue
        ground = Image.new("RGBA", image.size, backdrop + (255,))
        ground.alpha_composite(image)
        pictures[job["index"]] = ground.convert("RGB")
        os.remove(grab)
    warnings = [line for line in err.splitlines() if line and "XDG_RUNTIME_DIR" not in line]
    return missing, warnings


def python_lottie_renderer():
    need("lottie", "lottie")
    need("cairosvg", "cairosvg")
    from lottie import objects
    from lottie.exporters.svg import export_svg
    import cairosvg
    import io
    from PIL import Image

    def render(document, frame, backdrop):
        svg = io.BytesIO()
        export_svg(document, svg, frame, pretty=False)
        svg.seek(0)
        png = io.BytesIO()
        cairosvg.svg2png(file_obj=svg, write_to=png)
        png.seek(0)
        with Image.open(png) as image:
            image = image.convert("RGBA")
        ground = Image.new("RGBA", image.size, backdrop + (255,))
        ground.alpha_composite(image)
        return ground.convert("RGB")

    return objects.Animation.load, render


def reference_loader(backdrop):
    """Reads reference pictures once each, as RGB over the backdrop."""
    from PIL import Image
    references = {}

    def reference(path):
        if path not in references:
            with Image.open(path) as image:
                references[path] = flat(image, backdrop)
        return references[path]

    return reference


def python_lottie_chunk(arguments):
    """Renders and compares a share of the python-lottie jobs (in a worker process)."""
    jobs, backdrop = arguments
    load, render = python_lottie_renderer()
    reference = reference_loader(backdrop)
    documents = {}
    results = []
    for job in jobs:
        if job["file"] not in documents:
            with open(job["file"]) as f:
                documents[job["file"]] = load(json.load(f))
        picture = render(documents[job["file"]], int(job["frame"]), backdrop)
        if job.get("out"):
            picture.save(job["out"])
        results.append((job["index"], fraction_over48(picture, reference(job["reference"]))))
    return results


def split_by_file(jobs, parts):
    """`parts` lists of jobs, each file's jobs kept together, of about equal length."""
    shares = [[] for _ in range(parts)]
    files = {}
    for job in jobs:
        files.setdefault(job["file"], []).append(job)
    for group in sorted(files.values(), key=len, reverse=True):
        min(shares, key=len).extend(group)
    return [share for share in shares if share]


def lottie_players(spec_path, backdrop):
    """Renders each job's frame with its player and compares it with the job's reference
    picture (or, when the job lists `neighbours`, the closest of it and those); returns the share
    of pixels over 48 levels apart, in job order. Qt's player runs in
    two processes of its own (most of its time is waiting for its render thread), python-lottie
    in two worker processes (it is the slowest), rlottie here."""
    need("PIL", "pillow")
    import multiprocessing
    with open(spec_path) as f:
        jobs = json.load(f)
    for index, job in enumerate(jobs):
        job["index"] = index
    by_player = {name: [job for job in jobs if job["player"] == name] for name in ("qt", "rlottie", "python-lottie")}
    unknown = [job["player"] for job in jobs if job["player"] not in by_player]
    if unknown:
        raise ValueError(f"unknown players {sorted(set(unknown))}")
    fractions = {}
    seconds = {}
    warnings = []
    reference = reference_loader(backdrop)

    def record(job, picture):
        if job.get("out"):
            picture.save(job["out"])
        # A job may name the references of the frames beside its own (Qt's player may show one
        # of them): the closest counts.
        fractions[job["index"]] = min(fraction_over48(picture, reference(path)) for path in [job["reference"]] + job.get("neighbours", []))

    with tempfile.TemporaryDirectory(prefix="tc-qt-") as workdir:
        for job in by_player["qt"]:
            job["grab"] = os.path.join(workdir, f"{job['index']}.png")
        started = time.monotonic()
        qt = []
        for n, share in enumerate(split_by_file(by_player["qt"], 2)):
            os.makedirs(f"{workdir}/{n}")
            qt.append((start_qt(share, 5, f"{workdir}/{n}"), share))
        pool = multiprocessing.get_context("fork").Pool(2) if by_player["python-lottie"] else None
        pending = pool.map_async(python_lottie_chunk, [(share, backdrop) for share in split_by_file(by_player["python-lottie"], 2)]) if pool else None

        begin = time.monotonic()
        if by_player["rlottie"]:
            player = Rlottie()
            loaded = {}
            try:
                for job in by_player["rlottie"]:
                    if job["file"] not in loaded:
                        loaded[job["file"]] = player.load(job["file"])
                    record(job, player.image(loaded[job["file"]], int(job["frame"]), backdrop))
            finally:
                for animation in loaded.values():
                    player.destroy(animation)
        seconds["rlottie"] = time.monotonic() - begin

        for process, share in qt:
            pictures = {}
            missing, more = finish_qt(process, share, backdrop, pictures)
            warnings += more
            # A frame Qt's render thread had not finished when grabbed: once more, waiting longer.
            if missing:
                missing, more = finish_qt(start_qt(missing, 200, workdir), missing, backdrop, pictures)
                warnings += more
            if missing:
                raise ValueError(f"Qt drew nothing for {len(missing)} frames, such as {missing[0]}")
            for job in share:
                record(job, pictures[job["index"]])
        seconds["qt"] = time.monotonic() - started

        if pending:
            for chunk in pending.get(timeout=900):
                fractions.update(chunk)
            pool.close()
            pool.join()
        seconds["python-lottie"] = time.monotonic() - started
    return {"fractions": [fractions[job["index"]] for job in jobs], "seconds": seconds, "qtWarnings": sorted(set(warnings))[:20]}


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
        elif command == "lottie-players" and len(args) == 1:
            result = lottie_players(args[0], backdrop)
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
