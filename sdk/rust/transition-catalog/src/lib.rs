//! Write Transition Catalog animator plugins in safe Rust.
//!
//! An animator is a type implementing [`Animator`]: its descriptor ([`AnimatorInfo`]), and
//! `duration`, `setup`, `step` and `completion` over a safe [`Context`]. [`export_plugin!`]
//! exports the library's `tc_plugin_entry` with one line. Per-transition values live in the
//! animator's `State`, made by `setup` and handed back to `step` and `completion`; nothing is
//! global, so a host may drive many transitions at once. A panic inside a callback never crosses
//! into the host: it is logged as a misbehaviour and the call returns a safe value.
//!
//! ```ignore
//! transition_catalog::export_plugin! {
//!     id: "org.example.hello", name: "Hello", vendor: "Example", version: "0.1.0",
//!     description: "A cross-fade.", license: "Apache-2.0",
//!     animators: [HelloFade],
//! }
//! ```
pub use transition_catalog_sys as sys;

mod context;
mod descriptor;
mod export;
pub mod geometry;

pub use context::{Compositing, Context, MatchedElement, Operation, Style, ViewRole, Views};
pub use descriptor::{AnimatorInfo, ParamKind, ParamInfo, PluginInfo};
pub use export::{AnimatorEntry, PluginTables};
pub use geometry::{Camera, Color, Rect, Transform, ViewId, ViewState};

/// An animator: a descriptor and the four callbacks of the C ABI, in safe Rust.
///
/// One value serves every transition; it must be `Sync` because a host may drive transitions on
/// several threads at once. Everything that changes during one transition goes in `State`.
pub trait Animator: Send + Sync + Sized + 'static {
    /// The per-transition state `setup` makes.
    type State: 'static;

    /// The animator's identity, operations and parameters.
    fn info() -> AnimatorInfo;

    /// Makes the animator, once, when the plugin is first asked for.
    fn new() -> Self;

    /// The transition's duration in seconds: finite, > 0, at most 60, the same for the same context.
    fn duration(&self, ctx: &Context) -> f64;

    /// Prepares one transition (adds the to-view where the operation needs it, makes views) and
    /// returns its state, or `None` when it cannot run it.
    fn setup(&self, ctx: &Context) -> Option<Self::State>;

    /// Writes the views' states at `progress`; pure in progress.
    fn step(&self, ctx: &Context, state: &Self::State, progress: f64, views: &mut Views);

    /// Ends the transition: removes the views it made. The state is dropped afterwards.
    fn completion(&self, ctx: &Context, state: Self::State, finished: bool) {
        let _ = (ctx, state, finished);
    }
}
