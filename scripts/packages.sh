# The Debian packages the project needs, and a function that installs the missing ones.
# Sourced by scripts/setup and scripts/test; the README, .ci/run and the tests read these lists.

# To build and run: libffi (the validator's traced calls, the only -dev package), pkg-config to
# find it, and the run-time libraries the picture formats open when asked for: cairo (PNG, GIF
# frames) and giflib (GIF), with a fixed font for the labels; libdeflate's checksum makes PNG
# files faster to write (without it, libpng compresses as before).
#
# For the wasm door: Debian's wasi-libc (libc and libm for wasm32, linked into each module); the
# Swift toolchain's own clang and wasm-ld do the rest (scripts/wasm-cc), for the built-ins' wasm
# modules and the tests' wasm fixtures.
BUILD_PACKAGES=(libffi-dev pkg-config libcairo2 libgif7 fonts-dejavu-core libdeflate0 wasi-libc)

# To test: C and C++ compilers for the fixture plugins and the header checks, and the independent
# consumers of the previews: Chromium (HTML pages), rlottie and Qt 6's Lottie player (Lottie
# files: the Qt.labs.lottieqt QML module, the qml tool that runs the test's grabber offscreen,
# and the two QML modules its QtQuick window needs); cmake for the installed CMake package config.
TEST_PACKAGES=(gcc g++ chromium librlottie0-1 cmake qml6-module-qt-labs-lottieqt qml-qt6 qml6-module-qtquick-window qml6-module-qtqml-workerscript)

# For the SDL2 demo (Examples/sdl-demo) only, never the build: SDL2's headers, and Xvfb for its
# scripted run in the tests.
DEMO_PACKAGES=(libsdl2-dev xvfb xauth)

# From PyPI, for the tests: the Lottie schema, a JSON Schema validator, a PNG/GIF decoder, and
# python-lottie (`lottie`) with cairosvg, which draws the SVG python-lottie makes of a frame.
TEST_PYTHON_PACKAGES=(lottie-specs jsonschema-rs pillow lottie cairosvg)

# Installs the packages given that are not installed yet, with apt-get (through sudo when not
# root). Prints nothing and needs no privileges when everything is there.
install_packages() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo)
    echo "installing ${missing[*]}" >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Installs the Python packages given that are missing, for the python3 on the PATH.
install_python_packages() {
    local missing=()
    for package in "$@"; do
        python3 -m pip show --quiet "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing ${missing[*]} from PyPI" >&2
    PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install --quiet --disable-pip-version-check "${missing[@]}"
}

# The arguments `swift build` gets: in CI (CI=true), warnings are errors.
swift_build_flags() {
    if [ "${CI:-}" = true ]; then echo "-Xswiftc -warnings-as-errors"; fi
}
