//! Raw bindings to the Transition Catalog animator plugin ABI, `transition_catalog.h`, version 1.1.
//!
//! Every type here is `#[repr(C)]` and named as in the header. The build script checks each
//! struct's size, alignment and field offsets, and the value of every integer constant, against
//! what the system's C compiler makes of the header, so these bindings cannot drift from it: a
//! difference fails the build and names the struct and field. Most plugins use the safe
//! `transition-catalog` crate instead; this one is for what it does not cover.
//!
//! The header's `static inline` helpers (geometry, cameras, `tc_compositing`) are not symbols a
//! library exports; the safe crate has them in Rust.
#![no_std]
#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_void};

/// The ABI's major version: a host loads a plugin only when the majors are equal.
pub const TC_ABI_VERSION_MAJOR: u32 = 1;
/// The ABI's minor version: backward-compatible additions.
pub const TC_ABI_VERSION_MINOR: u32 = 1;
/// The ABI's patch version: no effect on compatibility.
pub const TC_ABI_VERSION_PATCH: u32 = 0;
/// The version every versioned struct of a plugin built with these bindings carries.
pub const TC_ABI_VERSION: tc_version_t = tc_version_t { major: TC_ABI_VERSION_MAJOR, minor: TC_ABI_VERSION_MINOR, patch: TC_ABI_VERSION_PATCH };

/// The wasm32 binding's major version (a host runs a module only when the majors are equal).
/// A Rust plugin for the wasm door needs a `wasm32` standard library, which this machine's
/// toolchain lacks; the binding is in the header for C and Embedded Swift.
pub const TC_WASM_BINDING_VERSION_MAJOR: u32 = 1;
/// The wasm32 binding's minor version.
pub const TC_WASM_BINDING_VERSION_MINOR: u32 = 1;
/// `major << 16 | minor`, as a module's `tc_wasm_binding` export returns it.
pub const TC_WASM_BINDING_VERSION: u32 = (TC_WASM_BINDING_VERSION_MAJOR << 16) | TC_WASM_BINDING_VERSION_MINOR;

/// The longest id a host accepts, in bytes.
pub const TC_ID_MAX: u32 = 64;
/// The longest display name a host accepts, in bytes.
pub const TC_NAME_MAX: u32 = 128;
/// The longest text (summary, doc) a host accepts, in bytes.
pub const TC_TEXT_MAX: u32 = 2048;
/// The most animators one plugin may declare.
pub const TC_MAX_ANIMATORS: u32 = 1024;
/// The most parameters one animator may declare.
pub const TC_MAX_PARAMS: u32 = 64;

/// A semantic version; same major means compatible.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tc_version_t {
    /// Incompatible changes.
    pub major: u32,
    /// Backward-compatible additions.
    pub minor: u32,
    /// Fixes.
    pub patch: u32,
}

/// The five transition operations (`tc_operation_t`).
pub type tc_operation_t = u32;
/// A push onto a navigation stack.
pub const TC_OPERATION_PUSH: tc_operation_t = 0;
/// A pop off a navigation stack.
pub const TC_OPERATION_POP: tc_operation_t = 1;
/// A modal presentation.
pub const TC_OPERATION_PRESENT: tc_operation_t = 2;
/// A modal dismissal.
pub const TC_OPERATION_DISMISS: tc_operation_t = 3;
/// A tab switch.
pub const TC_OPERATION_TAB: tc_operation_t = 4;
/// The number of operations.
pub const TC_OPERATION_COUNT: u32 = 5;

/// How a modal screen is presented (`tc_presentation_style_t`).
pub type tc_presentation_style_t = u32;
/// Both views in the container.
pub const TC_STYLE_FULL_SCREEN: tc_presentation_style_t = 0;
/// The presenting view stays outside the container.
pub const TC_STYLE_CUSTOM: tc_presentation_style_t = 1;

/// A rectangle in points, container coordinates, origin top-left, y down.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct tc_rect_t {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

/// A colour with straight alpha, each component in [0, 1].
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct tc_color_t {
    /// Red.
    pub r: f64,
    /// Green.
    pub g: f64,
    /// Blue.
    pub b: f64,
    /// Alpha.
    pub a: f64,
}

/// A 4x4 transform, column-major, applied about the view's centre.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct tc_transform_t {
    /// The 16 entries; m[12], m[13], m[14] are the translation.
    pub m: [f64; 16],
}

/// A view handle, valid for one transition; also its index in the array `step` fills.
pub type tc_view_id_t = i32;
/// An absent view.
pub const TC_VIEW_NONE: tc_view_id_t = -1;

/// What a view is (`tc_view_role_t`).
pub type tc_view_role_t = u32;
/// The screen being left.
pub const TC_ROLE_FROM: tc_view_role_t = 0;
/// The screen arriving.
pub const TC_ROLE_TO: tc_view_role_t = 1;
/// A picture of another view.
pub const TC_ROLE_SNAPSHOT: tc_view_role_t = 2;
/// A flat colour behind a presented view.
pub const TC_ROLE_DIMMING: tc_view_role_t = 3;
/// A shadow or glow.
pub const TC_ROLE_SHADOW: tc_view_role_t = 4;
/// A piece of a snapshot split into tiles.
pub const TC_ROLE_TILE: tc_view_role_t = 5;
/// Anything else an animator draws.
pub const TC_ROLE_DECORATION: tc_view_role_t = 6;

/// The state of one view at one progress, written by `step`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct tc_view_state_t {
    /// Untransformed frame.
    pub frame: tc_rect_t,
    /// Opacity in [0, 1].
    pub alpha: f64,
    /// About the centre of `frame`.
    pub transform: tc_transform_t,
    /// Points, >= 0.
    pub corner_radius: f64,
    /// Higher is drawn above.
    pub z_index: i32,
    /// Not drawn, covers nothing.
    pub hidden: bool,
    /// Fill of views the animator made.
    pub color: tc_color_t,
}

/// A parameter's type (`tc_param_type_t`).
pub type tc_param_type_t = u32;
/// Any finite value in [min, max].
pub const TC_PARAM_NUMBER: tc_param_type_t = 0;
/// A whole number in [min, max].
pub const TC_PARAM_INTEGER: tc_param_type_t = 1;
/// 0 or 1.
pub const TC_PARAM_BOOL: tc_param_type_t = 2;
/// An index into `choices`.
pub const TC_PARAM_CHOICE: tc_param_type_t = 3;

/// A typed parameter of an animator.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct tc_param_t {
    /// Kebab-case key.
    pub id: *const c_char,
    /// Display name.
    pub name: *const c_char,
    /// One sentence for users.
    pub doc: *const c_char,
    /// "s", "pt", "deg", "%" or "".
    pub unit: *const c_char,
    /// A `tc_param_type_t` (`type` in C).
    pub type_: u32,
    /// The default value.
    pub default_value: f64,
    /// The smallest value.
    pub min_value: f64,
    /// The largest value.
    pub max_value: f64,
    /// Choices only, else 0.
    pub choice_count: u32,
    /// Choices only, else null: kebab-case names.
    pub choices: *const *const c_char,
}

/// Everything an animator knows about one transition.
#[repr(C)]
#[derive(Debug)]
pub struct tc_context_t {
    /// The host's ABI version.
    pub abi: tc_version_t,
    /// A `tc_operation_t`.
    pub operation: u32,
    /// A `tc_presentation_style_t`.
    pub presentation_style: u32,
    /// Driven by a gesture.
    pub interactive: bool,
    /// Tab only: the tab being left.
    pub tab_from_index: u32,
    /// Tab only: the tab arriving.
    pub tab_to_index: u32,
    /// The container's bounds.
    pub container_bounds: tc_rect_t,
    /// The from-view, or `TC_VIEW_NONE`.
    pub from_view: tc_view_id_t,
    /// The to-view, or `TC_VIEW_NONE`.
    pub to_view: tc_view_id_t,
    /// Where the from-view is.
    pub from_initial_frame: tc_rect_t,
    /// Zeros unless the host imposes it.
    pub from_final_frame: tc_rect_t,
    /// Zeros unless the host imposes it.
    pub to_initial_frame: tc_rect_t,
    /// Where the to-view must end.
    pub to_final_frame: tc_rect_t,
    /// One value per descriptor parameter.
    pub param_values: *const f64,
    /// The number of values.
    pub param_count: u32,
    /// The host's services.
    pub host: *const tc_host_t,
    /// The host's; never touched by the plugin.
    pub host_data: *mut c_void,
}

/// A log level (`tc_log_level_t`).
pub type tc_log_level_t = u32;
/// Debugging detail.
pub const TC_LOG_DEBUG: tc_log_level_t = 0;
/// Information.
pub const TC_LOG_INFO: tc_log_level_t = 1;
/// A warning.
pub const TC_LOG_WARNING: tc_log_level_t = 2;
/// An error.
pub const TC_LOG_ERROR: tc_log_level_t = 3;
/// The plugin reports its own contract breach.
pub const TC_LOG_PLUGIN_MISBEHAVING: tc_log_level_t = 4;

/// A standard timing curve (`tc_curve_t`).
pub type tc_curve_t = u32;
/// (0, 0, 1, 1)
pub const TC_CURVE_LINEAR: tc_curve_t = 0;
/// (0.25, 0.1, 0.25, 1)
pub const TC_CURVE_EASE: tc_curve_t = 1;
/// (0.42, 0, 1, 1)
pub const TC_CURVE_EASE_IN: tc_curve_t = 2;
/// (0, 0, 0.58, 1)
pub const TC_CURVE_EASE_OUT: tc_curve_t = 3;
/// (0.42, 0, 0.58, 1)
pub const TC_CURVE_EASE_IN_OUT: tc_curve_t = 4;
/// (0.4, 0, 0.2, 1)
pub const TC_CURVE_MATERIAL_STANDARD: tc_curve_t = 5;
/// (0, 0, 0.2, 1)
pub const TC_CURVE_MATERIAL_DECELERATE: tc_curve_t = 6;
/// (0.4, 0, 1, 1)
pub const TC_CURVE_MATERIAL_ACCELERATE: tc_curve_t = 7;
/// (0.4, 0, 0.6, 1)
pub const TC_CURVE_MATERIAL_SHARP: tc_curve_t = 8;
/// The number of standard curves.
pub const TC_CURVE_COUNT: u32 = 9;

/// The host's services, reached through `tc_context_t.host`.
#[repr(C)]
#[derive(Debug)]
pub struct tc_host_t {
    /// The host's ABI version.
    pub abi: tc_version_t,
    /// The host's name.
    pub name: *const c_char,
    /// The host's version string.
    pub version: *const c_char,
    /// Puts a view on top of the container's views.
    pub add_view: Option<unsafe extern "C" fn(ctx: *const tc_context_t, view: tc_view_id_t) -> bool>,
    /// Puts a view just below a sibling.
    pub insert_view_below: Option<unsafe extern "C" fn(ctx: *const tc_context_t, view: tc_view_id_t, sibling: tc_view_id_t) -> bool>,
    /// Takes a view out of the container.
    pub remove_view: Option<unsafe extern "C" fn(ctx: *const tc_context_t, view: tc_view_id_t) -> bool>,
    /// Makes a snapshot of a view.
    pub snapshot_view: Option<unsafe extern "C" fn(ctx: *const tc_context_t, view: tc_view_id_t) -> tc_view_id_t>,
    /// Makes a plain view.
    pub make_view: Option<unsafe extern "C" fn(ctx: *const tc_context_t, role: u32, frame: tc_rect_t, color: tc_color_t) -> tc_view_id_t>,
    /// A standard curve's value.
    pub timing_curve: Option<unsafe extern "C" fn(ctx: *const tc_context_t, curve: u32, t: f64) -> f64>,
    /// A CSS cubic-bezier's value.
    pub cubic_bezier: Option<unsafe extern "C" fn(ctx: *const tc_context_t, x1: f64, y1: f64, x2: f64, y2: f64, t: f64) -> f64>,
    /// A spring fitted to the transition.
    pub spring: Option<unsafe extern "C" fn(ctx: *const tc_context_t, damping_ratio: f64, initial_velocity: f64, progress: f64) -> f64>,
    /// Writes to the host's log.
    pub log: Option<unsafe extern "C" fn(ctx: *const tc_context_t, level: u32, message: *const c_char)>,
    /// A host extension by id, or null.
    pub get_extension: Option<unsafe extern "C" fn(ctx: *const tc_context_t, id: *const c_char) -> *const c_void>,
}

/// The id of the compositing host extension (1.1), NUL-terminated.
pub const TC_COMPOSITING_EXTENSION_ID: &[u8] = b"org.transitioncatalog.compositing/1\0";

/// The container's camera (1.1).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct tc_camera_t {
    /// The eye's distance in points in front of the container's centre; 0 for none.
    pub eye_distance: f64,
    /// Applied before the perspective; identity for none.
    pub sublayer_transform: tc_transform_t,
}

/// An element shown by both screens (1.1).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct tc_matched_element_t {
    /// The element's id.
    pub id: *const c_char,
    /// Where it is in the from-screen.
    pub from_frame: tc_rect_t,
    /// Where it is in the to-screen.
    pub to_frame: tc_rect_t,
    /// A snapshot of it in the from-view, or `TC_VIEW_NONE`.
    pub from_view: tc_view_id_t,
    /// A snapshot of it in the to-view, or `TC_VIEW_NONE`.
    pub to_view: tc_view_id_t,
}

/// The compositing services (1.1), from `get_extension(TC_COMPOSITING_EXTENSION_ID)`.
#[repr(C)]
#[derive(Debug)]
pub struct tc_compositing_t {
    /// The host's ABI version.
    pub abi: tc_version_t,
    /// Makes a view double- or one-sided.
    pub set_double_sided: Option<unsafe extern "C" fn(ctx: *const tc_context_t, view: tc_view_id_t, double_sided: bool) -> bool>,
    /// Sets the container's camera.
    pub set_camera: Option<unsafe extern "C" fn(ctx: *const tc_context_t, camera: *const tc_camera_t) -> bool>,
    /// Makes a snapshot of a rectangle of a view.
    pub snapshot_rect: Option<unsafe extern "C" fn(ctx: *const tc_context_t, view: tc_view_id_t, rect: tc_rect_t, role: u32) -> tc_view_id_t>,
    /// The number of matched elements.
    pub matched_element_count: Option<unsafe extern "C" fn(ctx: *const tc_context_t) -> u32>,
    /// Fills a matched element.
    pub matched_element: Option<unsafe extern "C" fn(ctx: *const tc_context_t, index: u32, element: *mut tc_matched_element_t) -> bool>,
}

/// The reverse operation may be served by running the animator backwards.
pub const TC_ANIMATOR_REVERSIBLE: u32 = 1 << 0;

/// An animator descriptor.
#[repr(C)]
#[derive(Debug)]
pub struct tc_animator_t {
    /// `TC_ABI_VERSION`.
    pub abi: tc_version_t,
    /// Kebab-case, unique within the plugin.
    pub id: *const c_char,
    /// Display name.
    pub name: *const c_char,
    /// One sentence.
    pub summary: *const c_char,
    /// The bit (1 << op) of each operation served.
    pub operations: u32,
    /// The bit (1 << style) of each presentation style served; 0 is full screen only.
    pub styles: u32,
    /// `TC_ANIMATOR_*`.
    pub flags: u32,
    /// At most `TC_MAX_PARAMS`.
    pub param_count: u32,
    /// `param_count` entries.
    pub params: *const tc_param_t,
    /// The plugin's.
    pub animator_data: *mut c_void,
    /// The transition's duration in seconds.
    pub duration: Option<unsafe extern "C" fn(this: *const tc_animator_t, ctx: *const tc_context_t) -> f64>,
    /// Prepares one transition.
    pub setup: Option<unsafe extern "C" fn(this: *const tc_animator_t, ctx: *const tc_context_t, state: *mut *mut c_void) -> bool>,
    /// Writes the views' states at a progress.
    pub step: Option<unsafe extern "C" fn(this: *const tc_animator_t, ctx: *const tc_context_t, state: *mut c_void, progress: f64, views: *mut tc_view_state_t, view_count: u32)>,
    /// Ends the transition.
    pub completion: Option<unsafe extern "C" fn(this: *const tc_animator_t, ctx: *const tc_context_t, state: *mut c_void, finished: bool)>,
}

/// A plugin descriptor.
#[repr(C)]
#[derive(Debug)]
pub struct tc_plugin_t {
    /// `TC_ABI_VERSION`.
    pub abi: tc_version_t,
    /// Reverse-DNS id.
    pub id: *const c_char,
    /// Display name.
    pub name: *const c_char,
    /// Vendor.
    pub vendor: *const c_char,
    /// The plugin's own version.
    pub version: *const c_char,
    /// One paragraph.
    pub description: *const c_char,
    /// SPDX expression.
    pub license: *const c_char,
    /// At most `TC_MAX_ANIMATORS`.
    pub animator_count: u32,
    /// `animator_count` pointers.
    pub animators: *const *const tc_animator_t,
    /// Called once after loading.
    pub init: Option<unsafe extern "C" fn(this: *const tc_plugin_t, plugin_path: *const c_char) -> bool>,
    /// Called once before unloading.
    pub deinit: Option<unsafe extern "C" fn(this: *const tc_plugin_t)>,
    /// A plugin extension by id, or null.
    pub get_extension: Option<unsafe extern "C" fn(this: *const tc_plugin_t, id: *const c_char) -> *const c_void>,
}

/// The name of the one symbol a plugin exports, NUL-terminated.
pub const TC_PLUGIN_ENTRY_SYMBOL: &[u8] = b"tc_plugin_entry\0";
/// The type of `tc_plugin_entry`.
pub type tc_plugin_entry_fn = unsafe extern "C" fn() -> *const tc_plugin_t;

include!(concat!(env!("OUT_DIR"), "/layout.rs"));
