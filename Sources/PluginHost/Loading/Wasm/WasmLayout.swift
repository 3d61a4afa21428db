/// Where the fields of the ABI's structs lie in a wasm32 module's linear memory: pointers and
/// function pointers are 4-byte offsets and table indices, so the structs that hold them are laid
/// out differently from the native ones. `transition_catalog.h` checks these numbers with
/// `_Static_assert`s when it is compiled for wasm32; plain-data structs (rects, colours,
/// transforms, view states, cameras) have their native layout.
enum WasmLayout {
    enum Plugin {
        static let size = 56
        static let id = 12, name = 16, vendor = 20, version = 24, description = 28, license = 32
        static let animatorCount = 36, animators = 40, initialize = 44, deinitialize = 48, getExtension = 52
    }

    enum Animator {
        static let size = 64
        static let id = 12, name = 16, summary = 20, operations = 24, styles = 28, flags = 32
        static let paramCount = 36, params = 40, duration = 48, setup = 52, step = 56, completion = 60
    }

    enum Param {
        static let size = 56
        static let id = 0, name = 4, doc = 8, unit = 12, type = 16
        static let defaultValue = 24, minValue = 32, maxValue = 40, choiceCount = 48, choices = 52
    }

    enum Context {
        static let size = 216
        static let paramValues = 200, paramCount = 204, host = 208, hostData = 212
    }

    enum MatchedElement {
        static let size = 80
        static let id = 0, fromFrame = 8, toFrame = 40, fromView = 72, toView = 76
    }

    /// `tc_view_state_t`, the same on both doors.
    static let viewStateSize = 216
    /// The offset of `tc_view_state_t.hidden`, a one-byte bool.
    static let viewStateHidden = 180
    static let rectSize = 32
    static let colorSize = 32
    static let cameraSize = 136
}
