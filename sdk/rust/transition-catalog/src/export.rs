//! The C tables of a plugin, built once from its Rust declarations, and the callbacks that carry
//! each C call to an [`Animator`].
use crate::context::{Context, Views};
use crate::descriptor::{AnimatorInfo, ParamKind, PluginInfo};
use crate::{sys, Animator};
use std::ffi::{c_char, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The C descriptors of one plugin and every string, array and animator value they point at.
/// Built once by [`crate::export_plugin!`]'s `tc_plugin_entry` and kept for the library's
/// lifetime, so every pointer the host reads stays valid and unchanged.
pub struct PluginTables {
    plugin: Box<sys::tc_plugin_t>,
    _animators: Vec<Box<sys::tc_animator_t>>,
    _animator_pointers: Vec<*const sys::tc_animator_t>,
    _params: Vec<Vec<sys::tc_param_t>>,
    _choices: Vec<Vec<*const c_char>>,
    _strings: Vec<CString>,
}

// SAFETY: the tables are immutable after construction; the animator values they point at are
// `Sync` (the `Animator` bound).
unsafe impl Send for PluginTables {}
unsafe impl Sync for PluginTables {}

/// One animator ready for the tables: its info and its C callbacks over a leaked instance.
pub struct AnimatorEntry {
    info: AnimatorInfo,
    data: *mut c_void,
    duration: unsafe extern "C" fn(*const sys::tc_animator_t, *const sys::tc_context_t) -> f64,
    setup: unsafe extern "C" fn(*const sys::tc_animator_t, *const sys::tc_context_t, *mut *mut c_void) -> bool,
    step: unsafe extern "C" fn(*const sys::tc_animator_t, *const sys::tc_context_t, *mut c_void, f64, *mut sys::tc_view_state_t, u32),
    completion: unsafe extern "C" fn(*const sys::tc_animator_t, *const sys::tc_context_t, *mut c_void, bool),
}

impl AnimatorEntry {
    /// The entry of animator type `A`, made once with `A::new()`.
    pub fn of<A: Animator>() -> AnimatorEntry {
        AnimatorEntry {
            info: A::info(),
            data: Box::into_raw(Box::new(A::new())) as *mut c_void,
            duration: duration::<A>,
            setup: setup::<A>,
            step: step::<A>,
            completion: completion::<A>,
        }
    }
}

impl PluginTables {
    /// Builds the C descriptors. Text with an interior NUL is cut there.
    pub fn new(info: PluginInfo, entries: Vec<AnimatorEntry>) -> PluginTables {
        let mut strings = Vec::new();
        let mut text = |s: &str| -> *const c_char {
            let c = CString::new(s.split('\0').next().unwrap_or("")).unwrap_or_default();
            let p = c.as_ptr();
            strings.push(c);
            p
        };
        let mut params_all = Vec::new();
        let mut choices_all = Vec::new();
        let mut animators = Vec::new();
        for entry in entries {
            let a = &entry.info;
            let mut params = Vec::new();
            for p in &a.params {
                let (type_, choice_count, choices) = match &p.kind {
                    ParamKind::Number => (sys::TC_PARAM_NUMBER, 0, std::ptr::null()),
                    ParamKind::Integer => (sys::TC_PARAM_INTEGER, 0, std::ptr::null()),
                    ParamKind::Bool => (sys::TC_PARAM_BOOL, 0, std::ptr::null()),
                    ParamKind::Choice(names) => {
                        let list: Vec<*const c_char> = names.iter().map(|n| text(n)).collect();
                        let ptr = list.as_ptr();
                        choices_all.push(list);
                        (sys::TC_PARAM_CHOICE, names.len() as u32, ptr)
                    }
                };
                params.push(sys::tc_param_t {
                    id: text(p.id), name: text(p.name), doc: text(p.doc), unit: text(p.unit), type_,
                    default_value: p.default, min_value: p.min, max_value: p.max, choice_count, choices,
                });
            }
            let operations = a.operations.iter().fold(0u32, |bits, op| bits | 1 << (*op as u32));
            let styles = a.styles.iter().fold(0u32, |bits, s| bits | 1 << (*s as u32));
            animators.push(Box::new(sys::tc_animator_t {
                abi: sys::TC_ABI_VERSION,
                id: text(a.id), name: text(a.name), summary: text(a.summary),
                operations, styles,
                flags: if a.reversible { sys::TC_ANIMATOR_REVERSIBLE } else { 0 },
                param_count: params.len() as u32,
                params: if params.is_empty() { std::ptr::null() } else { params.as_ptr() },
                animator_data: entry.data,
                duration: Some(entry.duration),
                setup: Some(entry.setup),
                step: Some(entry.step),
                completion: Some(entry.completion),
            }));
            params_all.push(params);
        }
        let pointers: Vec<*const sys::tc_animator_t> = animators.iter().map(|a| &**a as *const _).collect();
        let plugin = Box::new(sys::tc_plugin_t {
            abi: sys::TC_ABI_VERSION,
            id: text(info.id), name: text(info.name), vendor: text(info.vendor), version: text(info.version),
            description: text(info.description), license: text(info.license),
            animator_count: pointers.len() as u32,
            animators: pointers.as_ptr(),
            init: None, deinit: None, get_extension: None,
        });
        PluginTables { plugin, _animators: animators, _animator_pointers: pointers, _params: params_all, _choices: choices_all, _strings: strings }
    }

    /// The plugin descriptor `tc_plugin_entry` returns.
    pub fn plugin(&self) -> *const sys::tc_plugin_t {
        &*self.plugin
    }
}

/// The animator instance behind a descriptor.
unsafe fn instance<'a, A: Animator>(this: *const sys::tc_animator_t) -> &'a A {
    &*((*this).animator_data as *const A)
}

/// Reports a panic as the plugin's own misbehaviour.
fn report(ctx: *const sys::tc_context_t, what: &str) {
    if !ctx.is_null() {
        // SAFETY: the host's context is valid during the call.
        unsafe { Context::from_raw(ctx) }.log(sys::TC_LOG_PLUGIN_MISBEHAVING, &format!("the animator panicked in {what}"));
    }
}

unsafe extern "C" fn duration<A: Animator>(this: *const sys::tc_animator_t, ctx: *const sys::tc_context_t) -> f64 {
    catch_unwind(AssertUnwindSafe(|| instance::<A>(this).duration(&Context::from_raw(ctx)))).unwrap_or_else(|_| {
        report(ctx, "duration");
        0.3
    })
}

unsafe extern "C" fn setup<A: Animator>(this: *const sys::tc_animator_t, ctx: *const sys::tc_context_t, state: *mut *mut c_void) -> bool {
    let made = catch_unwind(AssertUnwindSafe(|| instance::<A>(this).setup(&Context::from_raw(ctx))));
    match made {
        Ok(Some(value)) => {
            *state = Box::into_raw(Box::new(value)) as *mut c_void;
            true
        }
        Ok(None) => false,
        Err(_) => {
            report(ctx, "setup");
            false
        }
    }
}

unsafe extern "C" fn step<A: Animator>(
    this: *const sys::tc_animator_t, ctx: *const sys::tc_context_t, state: *mut c_void, progress: f64,
    views: *mut sys::tc_view_state_t, view_count: u32,
) {
    if state.is_null() {
        return;
    }
    // A panic in step is not reported: step must not call the host's log.
    let _ = catch_unwind(AssertUnwindSafe(|| {
        let mut views = Views::from_raw(views, view_count);
        instance::<A>(this).step(&Context::from_raw(ctx), &*(state as *const A::State), progress, &mut views)
    }));
}

unsafe extern "C" fn completion<A: Animator>(this: *const sys::tc_animator_t, ctx: *const sys::tc_context_t, state: *mut c_void, finished: bool) {
    if state.is_null() {
        return;
    }
    let value = *Box::from_raw(state as *mut A::State);
    if catch_unwind(AssertUnwindSafe(|| instance::<A>(this).completion(&Context::from_raw(ctx), value, finished))).is_err() {
        report(ctx, "completion");
    }
}

/// Exports the library's `tc_plugin_entry`: the plugin's identity and its animator types.
///
/// ```ignore
/// transition_catalog::export_plugin! {
///     id: "org.example.hello", name: "Hello", vendor: "Example", version: "0.1.0",
///     description: "A cross-fade.", license: "Apache-2.0",
///     animators: [HelloFade],
/// }
/// ```
#[macro_export]
macro_rules! export_plugin {
    (id: $id:expr, name: $name:expr, vendor: $vendor:expr, version: $version:expr,
     description: $description:expr, license: $license:expr, animators: [$($animator:ty),+ $(,)?] $(,)?) => {
        /// The plugin's entry: the same descriptor at every call.
        #[no_mangle]
        pub extern "C" fn tc_plugin_entry() -> *const $crate::sys::tc_plugin_t {
            static TABLES: ::std::sync::OnceLock<$crate::PluginTables> = ::std::sync::OnceLock::new();
            TABLES.get_or_init(|| $crate::PluginTables::new(
                $crate::PluginInfo { id: $id, name: $name, vendor: $vendor, version: $version, description: $description, license: $license },
                ::std::vec![$($crate::AnimatorEntry::of::<$animator>()),+],
            )).plugin()
        }
    };
}
