//! panics_in_step: a cross-fade whose step panics once progress passes one half.
//!
//! Breaks: step panics ("the fade lost its views past half way"). The SDK catches the panic at the
//! C boundary, so the step returns with the views it was given, and Rust's panic hook prints the
//! message to standard error.
//! Caught by: validate reports the checks whose steps panicked as a panic, quoting the message
//! from the worker's standard error, not as the geometry failures the untouched views cause; with
//! RUST_BACKTRACE=1 in the environment it takes no longer.
use transition_catalog::{export_plugin, Animator, AnimatorInfo, Context, Operation, Views};

/// The cross-fade that panics.
pub struct PanicsInStep;

impl Animator for PanicsInStep {
    type State = ();

    fn info() -> AnimatorInfo {
        AnimatorInfo {
            id: "panics-in-step",
            name: "Panics In Step",
            summary: "A cross-fade whose step panics past half way.",
            operations: &[Operation::Push, Operation::Pop],
            styles: &[],
            reversible: true,
            params: vec![],
        }
    }

    fn new() -> Self {
        PanicsInStep
    }

    fn duration(&self, _ctx: &Context) -> f64 {
        0.3
    }

    fn setup(&self, ctx: &Context) -> Option<()> {
        let (from, to) = (ctx.from_view()?, ctx.to_view()?);
        let placed = if ctx.operation() == Some(Operation::Pop) { ctx.insert_view_below(to, from) } else { ctx.add_view(to) };
        placed.then_some(())
    }

    fn step(&self, ctx: &Context, _state: &(), progress: f64, views: &mut Views) {
        if progress > 0.5 {
            panic!("the fade lost its views past half way");
        }
        let t = progress.clamp(0.0, 1.0);
        if let Some(from) = views.get(ctx.from_view()) {
            from.alpha = 1.0 - t;
        }
        if let Some(to) = views.get(ctx.to_view()) {
            to.alpha = t;
        }
    }

    fn completion(&self, _ctx: &Context, _state: (), _finished: bool) {}
}

export_plugin! {
    id: "org.example.panics-in-step",
    name: "Panics In Step",
    vendor: "Example Co.",
    version: "1.0.0",
    description: "A cross-fade whose step panics past half way.",
    license: "MIT",
    animators: [PanicsInStep],
}
