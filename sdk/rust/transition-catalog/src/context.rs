//! The safe view of one transition: the context, the host's services and the views' states.
use crate::geometry::{Camera, Color, Rect, ViewId, ViewState};
use crate::sys;
use std::ffi::{CStr, CString};

/// A transition operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Operation {
    /// A push onto a navigation stack.
    Push = sys::TC_OPERATION_PUSH,
    /// A pop off a navigation stack.
    Pop = sys::TC_OPERATION_POP,
    /// A modal presentation.
    Present = sys::TC_OPERATION_PRESENT,
    /// A modal dismissal.
    Dismiss = sys::TC_OPERATION_DISMISS,
    /// A tab switch.
    Tab = sys::TC_OPERATION_TAB,
}

impl Operation {
    /// True for push and present; for a tab, when moving to a higher index.
    pub fn is_presenting(self, ctx: &Context) -> bool {
        match self {
            Operation::Push | Operation::Present => true,
            Operation::Pop | Operation::Dismiss => false,
            Operation::Tab => ctx.raw().tab_to_index > ctx.raw().tab_from_index,
        }
    }
}

/// How a modal screen is presented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Style {
    /// Both views are in the container.
    FullScreen = sys::TC_STYLE_FULL_SCREEN,
    /// The presenting view stays outside the container.
    Custom = sys::TC_STYLE_CUSTOM,
}

/// The role of a view an animator makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum ViewRole {
    /// A flat colour behind a presented view.
    Dimming = sys::TC_ROLE_DIMMING,
    /// A shadow or glow.
    Shadow = sys::TC_ROLE_SHADOW,
    /// A piece of a snapshot.
    Tile = sys::TC_ROLE_TILE,
    /// Anything else.
    Decoration = sys::TC_ROLE_DECORATION,
}

/// One transition, as the host describes it, with the host's services.
pub struct Context<'a> {
    raw: &'a sys::tc_context_t,
}

impl<'a> Context<'a> {
    /// Wraps a context the host passed.
    ///
    /// # Safety
    /// `raw` must be a valid context from a host, alive for `'a`.
    pub unsafe fn from_raw(raw: *const sys::tc_context_t) -> Context<'a> {
        Context { raw: &*raw }
    }

    /// The C context.
    pub fn raw(&self) -> &'a sys::tc_context_t {
        self.raw
    }

    fn host(&self) -> &'a sys::tc_host_t {
        // SAFETY: a host's context always points at its services, alive as long as the context.
        unsafe { &*self.raw.host }
    }

    /// The operation; `None` for a value newer than these bindings.
    pub fn operation(&self) -> Option<Operation> {
        [Operation::Push, Operation::Pop, Operation::Present, Operation::Dismiss, Operation::Tab]
            .into_iter()
            .find(|op| *op as u32 == self.raw.operation)
    }

    /// The presentation style.
    pub fn style(&self) -> Style {
        if self.raw.presentation_style == sys::TC_STYLE_CUSTOM { Style::Custom } else { Style::FullScreen }
    }

    /// True when a gesture drives the transition.
    pub fn interactive(&self) -> bool {
        self.raw.interactive
    }

    /// The container's bounds.
    pub fn container(&self) -> Rect {
        self.raw.container_bounds
    }

    /// The view being left, when it is in the context.
    pub fn from_view(&self) -> Option<ViewId> {
        ViewId(self.raw.from_view).get()
    }

    /// The view arriving, when it is in the context.
    pub fn to_view(&self) -> Option<ViewId> {
        ViewId(self.raw.to_view).get()
    }

    /// Where the from-view is.
    pub fn from_initial_frame(&self) -> Rect {
        self.raw.from_initial_frame
    }

    /// Where the to-view must end.
    pub fn to_final_frame(&self) -> Rect {
        self.raw.to_final_frame
    }

    /// The value of parameter `index` (in the order of [`crate::AnimatorInfo::params`]), or 0
    /// when there is no such parameter.
    pub fn param(&self, index: usize) -> f64 {
        if index < self.raw.param_count as usize && !self.raw.param_values.is_null() {
            // SAFETY: the host passes param_count values.
            unsafe { *self.raw.param_values.add(index) }
        } else {
            0.0
        }
    }

    /// Puts `view` on top of the container's views. [setup or completion]
    pub fn add_view(&self, view: ViewId) -> bool {
        self.host().add_view.is_some_and(|f| unsafe { f(self.raw, view.0) })
    }

    /// Puts `view` just below `sibling`. [setup or completion]
    pub fn insert_view_below(&self, view: ViewId, sibling: ViewId) -> bool {
        self.host().insert_view_below.is_some_and(|f| unsafe { f(self.raw, view.0, sibling.0) })
    }

    /// Takes `view` out of the container. [setup or completion]
    pub fn remove_view(&self, view: ViewId) -> bool {
        self.host().remove_view.is_some_and(|f| unsafe { f(self.raw, view.0) })
    }

    /// A snapshot of `view`, not yet in the container. [setup]
    pub fn snapshot_view(&self, view: ViewId) -> Option<ViewId> {
        self.host().snapshot_view.and_then(|f| ViewId(unsafe { f(self.raw, view.0) }).get())
    }

    /// A plain view with `role`, `frame` and fill `color`, not yet in the container. [setup]
    pub fn make_view(&self, role: ViewRole, frame: Rect, color: Color) -> Option<ViewId> {
        self.host().make_view.and_then(|f| ViewId(unsafe { f(self.raw, role as u32, frame, color) }).get())
    }

    /// Standard curve `curve` (a `sys::TC_CURVE_*`) at `t`.
    pub fn timing_curve(&self, curve: sys::tc_curve_t, t: f64) -> f64 {
        self.host().timing_curve.map_or(t, |f| unsafe { f(self.raw, curve, t) })
    }

    /// The CSS cubic-bezier(x1, y1, x2, y2) at `t`.
    pub fn cubic_bezier(&self, x1: f64, y1: f64, x2: f64, y2: f64, t: f64) -> f64 {
        self.host().cubic_bezier.map_or(t, |f| unsafe { f(self.raw, x1, y1, x2, y2, t) })
    }

    /// A spring from 0 to 1 fitted to the transition, at `progress`.
    pub fn spring(&self, damping_ratio: f64, initial_velocity: f64, progress: f64) -> f64 {
        self.host().spring.map_or(progress, |f| unsafe { f(self.raw, damping_ratio, initial_velocity, progress) })
    }

    /// Writes `message` to the host's log at `level` (a `sys::TC_LOG_*`). Not from step.
    pub fn log(&self, level: sys::tc_log_level_t, message: &str) {
        let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
        if let Some(f) = self.host().log {
            unsafe { f(self.raw, level, text.as_ptr()) }
        }
    }

    /// The compositing services (1.1), or `None` from an older host.
    pub fn compositing(&self) -> Option<Compositing<'a>> {
        let get = self.host().get_extension?;
        let id = CStr::from_bytes_with_nul(sys::TC_COMPOSITING_EXTENSION_ID).ok()?;
        let ext = unsafe { get(self.raw, id.as_ptr()) } as *const sys::tc_compositing_t;
        // SAFETY: the host owns the struct and keeps it alive as long as the context.
        (!ext.is_null()).then(|| Compositing { raw: unsafe { &*ext }, ctx: self.raw })
    }
}

/// An element shown by both screens (1.1).
#[derive(Clone, Debug)]
pub struct MatchedElement {
    /// The element's id.
    pub id: String,
    /// Its frame in the from-screen.
    pub from_frame: Rect,
    /// Its frame in the to-screen.
    pub to_frame: Rect,
    /// A snapshot of it in the from-view.
    pub from_view: Option<ViewId>,
    /// A snapshot of it in the to-view.
    pub to_view: Option<ViewId>,
}

/// The compositing host extension (1.1): back faces, the camera, rectangle snapshots and
/// matched elements.
pub struct Compositing<'a> {
    raw: &'a sys::tc_compositing_t,
    ctx: &'a sys::tc_context_t,
}

impl<'a> Compositing<'a> {
    /// Makes `view` double-sided or one-sided. [setup]
    pub fn set_double_sided(&self, view: ViewId, double_sided: bool) -> bool {
        self.raw.set_double_sided.is_some_and(|f| unsafe { f(self.ctx, view.0, double_sided) })
    }

    /// Sets the container's camera: in setup for every step, in step for that step. [setup or step]
    pub fn set_camera(&self, camera: &Camera) -> bool {
        self.raw.set_camera.is_some_and(|f| unsafe { f(self.ctx, camera) })
    }

    /// A snapshot of `rect` of `view` (in the view's own coordinates) with `role`. [setup]
    pub fn snapshot_rect(&self, view: ViewId, rect: Rect, tile: bool) -> Option<ViewId> {
        let role = if tile { sys::TC_ROLE_TILE } else { sys::TC_ROLE_SNAPSHOT };
        self.raw.snapshot_rect.and_then(|f| ViewId(unsafe { f(self.ctx, view.0, rect, role) }).get())
    }

    /// The transition's matched elements.
    pub fn matched_elements(&self) -> Vec<MatchedElement> {
        let (Some(count), Some(get)) = (self.raw.matched_element_count, self.raw.matched_element) else { return Vec::new() };
        (0..unsafe { count(self.ctx) })
            .filter_map(|i| {
                let mut e = sys::tc_matched_element_t {
                    id: std::ptr::null(), from_frame: Rect::default(), to_frame: Rect::default(),
                    from_view: sys::TC_VIEW_NONE, to_view: sys::TC_VIEW_NONE,
                };
                unsafe { get(self.ctx, i, &mut e) }.then(|| MatchedElement {
                    id: if e.id.is_null() { String::new() } else { unsafe { CStr::from_ptr(e.id) }.to_string_lossy().into_owned() },
                    from_frame: e.from_frame,
                    to_frame: e.to_frame,
                    from_view: ViewId(e.from_view).get(),
                    to_view: ViewId(e.to_view).get(),
                })
            })
            .collect()
    }
}

/// The states `step` writes, one per view, indexed by view handle.
pub struct Views<'a> {
    states: &'a mut [ViewState],
}

impl<'a> Views<'a> {
    /// Wraps the host's array.
    ///
    /// # Safety
    /// `views` must point at `count` states the host passed to step.
    pub unsafe fn from_raw(views: *mut ViewState, count: u32) -> Views<'a> {
        let states = if views.is_null() || count == 0 { &mut [][..] } else { std::slice::from_raw_parts_mut(views, count as usize) };
        Views { states }
    }

    /// The state of `view`, or `None` for an absent or unknown handle.
    pub fn get(&mut self, view: Option<ViewId>) -> Option<&mut ViewState> {
        let index = usize::try_from(view?.0).ok()?;
        self.states.get_mut(index)
    }
}
