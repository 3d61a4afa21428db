//! Transition Catalog animators written in Rust, with no crates beyond the standard library:
//! the web's default view transition and Jetpack Navigation 3's default fade. Numbers are from
//! the project's research/modern_anchors.md (§0 row 19 and §6 for CSS View Transitions, §4 for
//! Navigation 3).

mod abi;

use abi::*;
use std::os::raw::c_void;

/// True when the arriving screen goes on top: push, present, and a tab switch to a higher index.
fn presenting(ctx: &Context) -> bool {
    match ctx.operation {
        OPERATION_PUSH | OPERATION_PRESENT => true,
        OPERATION_TAB => ctx.tab_to_index > ctx.tab_from_index,
        _ => false,
    }
}

fn param(ctx: &Context, index: usize, fallback: f64) -> f64 {
    if ctx.param_values.is_null() || index >= ctx.param_count as usize {
        return fallback;
    }
    unsafe { *ctx.param_values.add(index) }
}

extern "C" fn duration(_animator: *const Animator, ctx: *const Context) -> f64 {
    match unsafe { ctx.as_ref() } {
        Some(ctx) => param(ctx, 0, 0.25),
        None => 0.25,
    }
}

/// Places the arriving screen above the old one when presenting and below it when dismissing;
/// never on a custom-style dismissal, where it is absent.
extern "C" fn setup(_animator: *const Animator, ctx: *const Context, state: *mut *mut c_void) -> bool {
    let Some(c) = (unsafe { ctx.as_ref() }) else { return false };
    if !state.is_null() {
        unsafe { *state = std::ptr::null_mut() };
    }
    let host = unsafe { &*c.host };
    if c.to_view == VIEW_NONE {
        return true;
    }
    if presenting(c) || c.from_view == VIEW_NONE {
        (host.add_view)(ctx, c.to_view)
    } else {
        (host.insert_view_below)(ctx, c.to_view, c.from_view)
    }
}

fn view<'a>(views: *mut ViewState, count: u32, id: i32) -> Option<&'a mut ViewState> {
    if id < 0 || id as u32 >= count || views.is_null() {
        return None;
    }
    Some(unsafe { &mut *views.add(id as usize) })
}

fn clamp01(x: f64) -> f64 {
    x.clamp(0.0, 1.0)
}

/// The CSS view transition's default: the old root fades out as the new one fades in, with
/// `ease` = cubic-bezier(0.25, 0.1, 0.25, 1) over 250 ms (CSS View Transitions 1).
extern "C" fn view_transition_step(_a: *const Animator, ctx: *const Context, _s: *mut c_void, p: f64, views: *mut ViewState, count: u32) {
    let c = unsafe { &*ctx };
    let host = unsafe { &*c.host };
    let e = clamp01((host.cubic_bezier)(ctx, 0.25, 0.1, 0.25, 1.0, p));
    if let Some(from) = view(views, count, c.from_view) {
        from.alpha = 1.0 - e;
    }
    if let Some(to) = view(views, count, c.to_view) {
        to.alpha = e;
    }
}

/// Navigation 3's default on Android: fadeIn and fadeOut with tween(700), whose easing is
/// FastOutSlowIn (0.4, 0, 0.2, 1). A pop driven by the back gesture also scales the popped
/// page out towards 0.7 about its centre.
extern "C" fn nav3_step(_a: *const Animator, ctx: *const Context, _s: *mut c_void, p: f64, views: *mut ViewState, count: u32) {
    let c = unsafe { &*ctx };
    let host = unsafe { &*c.host };
    let e = clamp01((host.cubic_bezier)(ctx, 0.4, 0.0, 0.2, 1.0, p));
    let scale_out = param(c, 1, 0.7);
    if let Some(from) = view(views, count, c.from_view) {
        from.alpha = 1.0 - e;
        if c.interactive && !presenting(c) {
            let s = 1.0 + (scale_out - 1.0) * e;
            from.transform.m[0] = s;
            from.transform.m[5] = s;
        }
    }
    if let Some(to) = view(views, count, c.to_view) {
        to.alpha = e;
    }
}

static VIEW_TRANSITION_PARAMS: Shared<[Param; 1]> = Shared([Param {
    id: cstr!("duration"),
    name: cstr!("Duration"),
    doc: cstr!("How long the transition lasts."),
    unit: cstr!("s"),
    kind: PARAM_NUMBER,
    default_value: 0.25,
    min_value: 0.05,
    max_value: 10.0,
    choice_count: 0,
    choices: std::ptr::null(),
}]);

static NAV3_PARAMS: Shared<[Param; 2]> = Shared([
    Param {
        id: cstr!("duration"),
        name: cstr!("Duration"),
        doc: cstr!("How long the transition lasts."),
        unit: cstr!("s"),
        kind: PARAM_NUMBER,
        default_value: 0.7,
        min_value: 0.05,
        max_value: 10.0,
        choice_count: 0,
        choices: std::ptr::null(),
    },
    Param {
        id: cstr!("scale-out"),
        name: cstr!("Scale out"),
        doc: cstr!("The popped page's scale at the end of a pop driven by the back gesture."),
        unit: cstr!(""),
        kind: PARAM_NUMBER,
        default_value: 0.7,
        min_value: 0.1,
        max_value: 1.0,
        choice_count: 0,
        choices: std::ptr::null(),
    },
]);

const ALL_OPERATIONS: u32 =
    bit(OPERATION_PUSH) | bit(OPERATION_POP) | bit(OPERATION_PRESENT) | bit(OPERATION_DISMISS) | bit(OPERATION_TAB);

static VIEW_TRANSITION: Shared<Animator> = Shared(Animator {
    abi: VERSION,
    id: cstr!("view-transition"),
    name: cstr!("Web View Transition"),
    summary: cstr!("The web's default view transition: the old page fades out as the new one fades in, on the ease curve, in 250 ms."),
    operations: ALL_OPERATIONS,
    styles: bit(STYLE_FULL_SCREEN) | bit(STYLE_CUSTOM),
    flags: ANIMATOR_REVERSIBLE,
    param_count: 1,
    params: &VIEW_TRANSITION_PARAMS.0 as *const Param,
    animator_data: std::ptr::null_mut(),
    duration: Some(duration),
    setup: Some(setup),
    step: Some(view_transition_step),
    completion: None,
});

static NAV3_FADE: Shared<Animator> = Shared(Animator {
    abi: VERSION,
    id: cstr!("nav3-fade"),
    name: cstr!("Navigation 3 Fade"),
    summary: cstr!("Jetpack Navigation 3's default on Android: a 700 ms cross-fade; a pop driven by the back gesture also shrinks the popped page towards 0.7."),
    operations: bit(OPERATION_PUSH) | bit(OPERATION_POP) | bit(OPERATION_TAB),
    styles: 0,
    flags: 0,
    param_count: 2,
    params: &NAV3_PARAMS.0 as *const Param,
    animator_data: std::ptr::null_mut(),
    duration: Some(duration),
    setup: Some(setup),
    step: Some(nav3_step),
    completion: None,
});

static ANIMATORS: Shared<[*const Animator; 2]> = Shared([&VIEW_TRANSITION.0 as *const Animator, &NAV3_FADE.0 as *const Animator]);

static PLUGIN: Shared<Plugin> = Shared(Plugin {
    abi: VERSION,
    id: cstr!("org.transitioncatalog.web"),
    name: cstr!("Web and Navigation 3 fades"),
    vendor: cstr!("Transition Catalog"),
    version: cstr!("0.1.0"),
    description: cstr!("The web's default view transition and Jetpack Navigation 3's default fade, written in Rust."),
    license: cstr!("Apache-2.0"),
    animator_count: 2,
    animators: &ANIMATORS.0 as *const *const Animator,
    init: None,
    deinit: None,
    get_extension: None,
});

/// The plugin's one exported symbol.
#[no_mangle]
pub extern "C" fn tc_plugin_entry() -> *const Plugin {
    &PLUGIN.0
}
