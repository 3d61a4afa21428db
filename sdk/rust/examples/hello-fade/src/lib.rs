//! An example plugin in Rust: a cross-fade for push and pop with a shadow that darkens the middle
//! of the transition. It shows a parameter, per-transition state and a view the animator makes.
use transition_catalog::sys::TC_CURVE_EASE_IN_OUT;
use transition_catalog::{export_plugin, Animator, AnimatorInfo, Color, Context, Operation, ParamInfo, ViewId, ViewRole, Views};

/// The cross-fade.
pub struct HelloFade;

/// What one transition keeps: the shadow view it made.
pub struct Shadow {
    view: ViewId,
}

impl Animator for HelloFade {
    type State = Shadow;

    fn info() -> AnimatorInfo {
        AnimatorInfo {
            id: "hello-fade",
            name: "Hello Fade",
            summary: "A cross-fade that darkens the middle of the transition.",
            operations: &[Operation::Push, Operation::Pop],
            styles: &[],
            reversible: true,
            params: vec![ParamInfo::number("duration", "Duration", "How long the fade lasts.", "s", 0.35, 0.05, 5.0)],
        }
    }

    fn new() -> Self {
        HelloFade
    }

    fn duration(&self, ctx: &Context) -> f64 {
        ctx.param(0)
    }

    fn setup(&self, ctx: &Context) -> Option<Shadow> {
        let (from, to) = (ctx.from_view()?, ctx.to_view()?);
        let view = ctx.make_view(ViewRole::Shadow, ctx.container(), Color { r: 0.0, g: 0.0, b: 0.0, a: 1.0 })?;
        // Stacking, bottom to top: push: from, shadow, to; pop: to, shadow, from.
        let placed = if ctx.operation() == Some(Operation::Pop) {
            ctx.insert_view_below(to, from) && ctx.insert_view_below(view, from)
        } else {
            ctx.add_view(view) && ctx.add_view(to)
        };
        placed.then_some(Shadow { view })
    }

    fn step(&self, ctx: &Context, shadow: &Shadow, progress: f64, views: &mut Views) {
        let t = ctx.timing_curve(TC_CURVE_EASE_IN_OUT, progress).clamp(0.0, 1.0);
        if let Some(from) = views.get(ctx.from_view()) {
            from.alpha = 1.0 - t;
        }
        if let Some(to) = views.get(ctx.to_view()) {
            to.alpha = t;
        }
        // Invisible at both ends, darkest half-way.
        if let Some(s) = views.get(Some(shadow.view)) {
            s.alpha = 0.6 * 4.0 * t * (1.0 - t);
        }
    }

    fn completion(&self, ctx: &Context, shadow: Shadow, _finished: bool) {
        ctx.remove_view(shadow.view);
    }
}

export_plugin! {
    id: "org.example.hello-rust",
    name: "Hello (Rust)",
    vendor: "Example",
    version: "0.1.0",
    description: "An example plugin written in Rust with the transition-catalog crate.",
    license: "Apache-2.0",
    animators: [HelloFade],
}
