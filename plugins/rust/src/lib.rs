//! Transition Catalog animators written in Rust with the project's Rust SDK (`sdk/rust`), and no
//! crates beyond it and the standard library: the web's default view transition and Jetpack
//! Navigation 3's default fade. Numbers are from the project's research/modern_anchors.md (§0 row
//! 19 and §6 for CSS View Transitions, §4 for Navigation 3).

use transition_catalog::{export_plugin, Animator, AnimatorInfo, Context, Operation, ParamInfo, Rect, Style, ViewId, Views};

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
/// `ease` = cubic-bezier(0.25, 0.1, 0.25, 1) over 250 ms (CSS View Transitions 1). Each matched
/// element is a named group (`view-transition-name`) above the root: the group's box moves and
/// resizes from the old element's border box to the new one's, and its old and new images,
/// each as wide as the group, top-aligned and keeping its own aspect ratio, cross-fade in it.
pub struct ViewTransition;

/// One named group: its old and new images (either may be absent) and the element's box in the
/// old and the new state.
pub struct NamedGroup {
    old: Option<ViewId>,
    new: Option<ViewId>,
    from: Rect,
    to: Rect,
}

/// `rect` as wide as `width` at (x, y), its height scaled to keep its aspect ratio.
fn image_in_group(rect: &Rect, x: f64, y: f64, width: f64) -> Rect {
    let height = if rect.width > 0.0 { width * rect.height / rect.width } else { rect.height };
    Rect { x, y, width, height }
}

impl Animator for ViewTransition {
    type State = Vec<NamedGroup>;

    fn info() -> AnimatorInfo {
        AnimatorInfo {
            id: "view-transition",
            name: "Web View Transition",
            summary: "The web's default view transition: the old page fades out as the new one fades in, on the ease curve, in 250 ms; each matched element moves and resizes from its old box to its new one as a named group, its two pictures cross-fading.",
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

    /// The arriving screen goes where UIKit puts it; `step` draws the new image above the old
    /// one whatever the direction, since `::view-transition-new` follows `::view-transition-old`
    /// in the image pair (CSS View Transitions 1, §"The ::view-transition-image-pair
    /// pseudo-element"). The named groups follow the root's, in the order of the matched
    /// elements, above both screens.
    fn setup(&self, ctx: &Context) -> Option<Self::State> {
        place_arriving_screen(ctx)?;
        let elements = ctx.compositing().map(|c| c.matched_elements()).unwrap_or_default();
        let mut groups = Vec::with_capacity(elements.len());
        for element in elements {
            let old = element.from_view.filter(|&v| ctx.add_view(v));
            let new = element.to_view.filter(|&v| ctx.add_view(v));
            groups.push(NamedGroup { old, new, from: element.from_frame, to: element.to_frame });
        }
        Some(groups)
    }

    /// For a name in both states the group animates from the old box to the new one and the
    /// images run fade-out and fade-in; a name in one state only fades where it is.
    fn step(&self, ctx: &Context, groups: &Vec<NamedGroup>, progress: f64, views: &mut Views) {
        let e = ctx.cubic_bezier(0.25, 0.1, 0.25, 1.0, progress).clamp(0.0, 1.0);
        if let Some(from) = views.get(ctx.from_view()) {
            from.alpha = 1.0 - e;
        }
        if let Some(to) = views.get(ctx.to_view()) {
            to.alpha = e;
            to.z_index = 1;
        }
        for g in groups {
            let both = g.old.is_some() && g.new.is_some();
            let (a, b) = if both { (&g.from, &g.to) } else if g.old.is_some() { (&g.from, &g.from) } else { (&g.to, &g.to) };
            let x = a.x + (b.x - a.x) * e;
            let y = a.y + (b.y - a.y) * e;
            let width = a.width + (b.width - a.width) * e;
            if let Some(old) = views.get(g.old) {
                old.frame = image_in_group(&g.from, x, y, width);
                old.alpha = 1.0 - e;
                old.z_index = 2;
            }
            if let Some(new) = views.get(g.new) {
                new.frame = image_in_group(&g.to, x, y, width);
                new.alpha = e;
                new.z_index = 2;
            }
        }
    }

    /// Removes the named groups' images.
    fn completion(&self, ctx: &Context, groups: Vec<NamedGroup>, _finished: bool) {
        for g in groups {
            for view in [g.old, g.new].into_iter().flatten() {
                ctx.remove_view(view);
            }
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
