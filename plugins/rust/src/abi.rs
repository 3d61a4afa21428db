//! The structs of `include/transition_catalog.h` (ABI 1.0), laid out as C lays them out.

use std::os::raw::{c_char, c_void};

pub const ABI_MAJOR: u32 = 1;
pub const ABI_MINOR: u32 = 0;

pub const OPERATION_PUSH: u32 = 0;
pub const OPERATION_POP: u32 = 1;
pub const OPERATION_PRESENT: u32 = 2;
pub const OPERATION_DISMISS: u32 = 3;
pub const OPERATION_TAB: u32 = 4;

pub const STYLE_FULL_SCREEN: u32 = 0;
pub const STYLE_CUSTOM: u32 = 1;

pub const PARAM_NUMBER: u32 = 0;
pub const ANIMATOR_REVERSIBLE: u32 = 1;
pub const VIEW_NONE: i32 = -1;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Version {
    pub major: u32,
    pub minor: u32,
    pub patch: u32,
}

pub const VERSION: Version = Version { major: ABI_MAJOR, minor: ABI_MINOR, patch: 0 };

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Color {
    pub r: f64,
    pub g: f64,
    pub b: f64,
    pub a: f64,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Transform {
    pub m: [f64; 16],
}

#[repr(C)]
pub struct ViewState {
    pub frame: Rect,
    pub alpha: f64,
    pub transform: Transform,
    pub corner_radius: f64,
    pub z_index: i32,
    pub hidden: bool,
    pub color: Color,
}

#[repr(C)]
pub struct Param {
    pub id: *const c_char,
    pub name: *const c_char,
    pub doc: *const c_char,
    pub unit: *const c_char,
    pub kind: u32,
    pub default_value: f64,
    pub min_value: f64,
    pub max_value: f64,
    pub choice_count: u32,
    pub choices: *const *const c_char,
}

#[repr(C)]
pub struct Context {
    pub abi: Version,
    pub operation: u32,
    pub presentation_style: u32,
    pub interactive: bool,
    pub tab_from_index: u32,
    pub tab_to_index: u32,
    pub container_bounds: Rect,
    pub from_view: i32,
    pub to_view: i32,
    pub from_initial_frame: Rect,
    pub from_final_frame: Rect,
    pub to_initial_frame: Rect,
    pub to_final_frame: Rect,
    pub param_values: *const f64,
    pub param_count: u32,
    pub host: *const Host,
    pub host_data: *mut c_void,
}

#[repr(C)]
pub struct Host {
    pub abi: Version,
    pub name: *const c_char,
    pub version: *const c_char,
    pub add_view: extern "C" fn(*const Context, i32) -> bool,
    pub insert_view_below: extern "C" fn(*const Context, i32, i32) -> bool,
    pub remove_view: extern "C" fn(*const Context, i32) -> bool,
    pub snapshot_view: extern "C" fn(*const Context, i32) -> i32,
    pub make_view: extern "C" fn(*const Context, u32, Rect, Color) -> i32,
    pub timing_curve: extern "C" fn(*const Context, u32, f64) -> f64,
    pub cubic_bezier: extern "C" fn(*const Context, f64, f64, f64, f64, f64) -> f64,
    pub spring: extern "C" fn(*const Context, f64, f64, f64) -> f64,
    pub log: extern "C" fn(*const Context, u32, *const c_char),
    pub get_extension: extern "C" fn(*const Context, *const c_char) -> *const c_void,
}

pub type DurationFn = extern "C" fn(*const Animator, *const Context) -> f64;
pub type SetupFn = extern "C" fn(*const Animator, *const Context, *mut *mut c_void) -> bool;
pub type StepFn = extern "C" fn(*const Animator, *const Context, *mut c_void, f64, *mut ViewState, u32);
pub type CompletionFn = extern "C" fn(*const Animator, *const Context, *mut c_void, bool);

#[repr(C)]
pub struct Animator {
    pub abi: Version,
    pub id: *const c_char,
    pub name: *const c_char,
    pub summary: *const c_char,
    pub operations: u32,
    pub styles: u32,
    pub flags: u32,
    pub param_count: u32,
    pub params: *const Param,
    pub animator_data: *mut c_void,
    pub duration: Option<DurationFn>,
    pub setup: Option<SetupFn>,
    pub step: Option<StepFn>,
    pub completion: Option<CompletionFn>,
}

#[repr(C)]
pub struct Plugin {
    pub abi: Version,
    pub id: *const c_char,
    pub name: *const c_char,
    pub vendor: *const c_char,
    pub version: *const c_char,
    pub description: *const c_char,
    pub license: *const c_char,
    pub animator_count: u32,
    pub animators: *const *const Animator,
    pub init: Option<extern "C" fn(*const Plugin, *const c_char) -> bool>,
    pub deinit: Option<extern "C" fn(*const Plugin)>,
    pub get_extension: Option<extern "C" fn(*const Plugin, *const c_char) -> *const c_void>,
}

/// A descriptor that lives in a static: its pointers point at other statics and never change.
#[repr(transparent)]
pub struct Shared<T>(pub T);

// The descriptors are read-only after they are built, and every pointer in them is to static data.
unsafe impl<T> Sync for Shared<T> {}

pub const fn bit(operation: u32) -> u32 {
    1 << operation
}

/// A NUL-terminated static string as a C pointer.
#[macro_export]
macro_rules! cstr {
    ($s:expr) => {
        concat!($s, "\0").as_ptr() as *const std::os::raw::c_char
    };
}
