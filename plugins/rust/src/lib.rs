//! Transition Catalog animators written in Rust with the project's Rust SDK (`sdk/rust`), and no
//! crates beyond it and the standard library: the web's default view transition and Jetpack
//! Navigation 3's default fade. Numbers are from the project's research/modern_anchors.md (§0 row
//! 19 and §6 for CSS View Transitions, §4 for Navigation 3).

use transition_catalog::{export_plugin, Animator, AnimatorInfo, Context, Operation, ParamInfo, Style, Views};

/// Places the arriving screen above the old one when presenting and below it when dismissing;
/// never on a custom-style dismissal, where it is absent.
fn place_arriving_screen(ctx: &Context) -> Option<()> {
    let Some(to) = ctx.to_view() else { return Some(()) };
    let presenting = ctx.operation().is_some_and(|op| op.is_presenting(ctx));
    let placed = match ctx.from_view() {
        Some(from) if !presenting => ctx.insert_view_below(to, from),
        _ => ctx.add_view(to),
    };
    placed.then_some(())
}

/// The CSS view transition's default: the old root fades out as the new one fades in, with
/// `ease` = cubic-bezier(0.25, 0.1, 0.25, 1) over 250 ms (CSS View Transitions 1).
pub struct ViewTransition;

impl Animator for ViewTransition {
    type State = ();

    fn info() -> AnimatorInfo {
        AnimatorInfo {
            id: "view-transition",
            name: "Web View Transition",
            summary: "The web's default view transition: the old page fades out as the new one fades in, on the ease curve, in 250 ms.",
            operations: &[Operation::Push, Operation::Pop, Operation::Present, Operation::Dismiss, Operation::Tab],
            styles: &[Style::FullScreen, Style::Custom],
            reversible: true,
            params: vec![ParamInfo::number("duration", "Duration", "How long the transition lasts.", "s", 0.25, 0.05, 10.0)],
        }
    }

    fn new() -> Self {
        ViewTransition
    }

    fn duration(&self, ctx: &Context) -> f64 {
        ctx.param(0)
    }

    fn setup(&self, ctx: &Context) -> Option<()> {
        place_arriving_screen(ctx)
    }

    fn step(&self, ctx: &Context, _state: &(), progress: f64, views: &mut Views) {
        let e = ctx.cubic_bezier(0.25, 0.1, 0.25, 1.0, progress).clamp(0.0, 1.0);
        if let Some(from) = views.get(ctx.from_view()) {
            from.alpha = 1.0 - e;
        }
        if let Some(to) = views.get(ctx.to_view()) {
            to.alpha = e;
        }
    }
}

/// Navigation 3's default on Android: fadeIn and fadeOut with tween(700), whose easing is
/// FastOutSlowIn (0.4, 0, 0.2, 1). A pop driven by the back gesture also scales the popped page
/// out towards 0.7 about its centre.
pub struct Nav3Fade;

impl Animator for Nav3Fade {
    type State = ();

    fn info() -> AnimatorInfo {
        AnimatorInfo {
            id: "nav3-fade",
            name: "Navigation 3 Fade",
            summary: "Jetpack Navigation 3's default on Android: a 700 ms cross-fade; a pop driven by the back gesture also shrinks the popped page towards 0.7.",
            operations: &[Operation::Push, Operation::Pop, Operation::Tab],
            styles: &[],
            reversible: false,
            params: vec![
                ParamInfo::number("duration", "Duration", "How long the transition lasts.", "s", 0.7, 0.05, 10.0),
                ParamInfo::number("scale-out", "Scale out", "The popped page's scale at the end of a pop driven by the back gesture.", "", 0.7, 0.1, 1.0),
            ],
        }
    }

    fn new() -> Self {
        Nav3Fade
    }

    fn duration(&self, ctx: &Context) -> f64 {
        ctx.param(0)
    }

    fn setup(&self, ctx: &Context) -> Option<()> {
        place_arriving_screen(ctx)
    }

    fn step(&self, ctx: &Context, _state: &(), progress: f64, views: &mut Views) {
        let e = ctx.cubic_bezier(0.4, 0.0, 0.2, 1.0, progress).clamp(0.0, 1.0);
        let presenting = ctx.operation().is_some_and(|op| op.is_presenting(ctx));
        let scale_out = ctx.param(1);
        if let Some(from) = views.get(ctx.from_view()) {
            from.alpha = 1.0 - e;
            if ctx.interactive() && !presenting {
                let s = 1.0 + (scale_out - 1.0) * e;
                from.transform.m[0] = s;
                from.transform.m[5] = s;
            }
        }
        if let Some(to) = views.get(ctx.to_view()) {
            to.alpha = e;
        }
    }
}

export_plugin! {
    id: "org.transitioncatalog.web",
    name: "Web and Navigation 3 fades",
    vendor: "Transition Catalog",
    version: "0.1.0",
    description: "The web's default view transition and Jetpack Navigation 3's default fade, written in Rust.",
    license: "Apache-2.0",
    animators: [ViewTransition, Nav3Fade],
}
