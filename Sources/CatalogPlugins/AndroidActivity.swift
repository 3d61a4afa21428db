import TransitionABI

/// Android 14's activity transitions, the window animations the system plays when one activity
/// starts another and when it finishes. The numbers are from frameworks/base
/// `core/res/res/anim/activity_open_enter.xml`, `activity_open_exit.xml` and
/// `activity_close_exit.xml`, as stored in rd-stuffs/android_frameworks_base (an Android 14
/// tree); each set lasts 450 ms:
/// - open, entering: alpha 0 → 1, linear, from 50 ms for 160 ms; x from 10 % of the width to 0
///   with `fast_out_extra_slow_in` over 450 ms;
/// - open, exiting: x from 0 to -10 %, same interpolator; alpha held at 1;
/// - close, exiting: alpha 1 → 0, linear, from 35 ms for 160 ms; x from 0 to 10 %, same
///   interpolator.
/// `activity_close_enter.xml` is not in that tree's stored copy: the revealed page comes back from
/// -10 %, as `activity_open_exit.xml` sent it (later trees, such as
/// yehonatan2020/lineage_frameworks_base_evo, move it from -96 dp with the same interpolator).
/// `@interpolator/fast_out_extra_slow_in` is the path `M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4
/// C 0.208333,0.82 0.25,1 1,1` in absolute control points, the Material 3 emphasized path (not
/// Flutter's `fastOutExtraSlowIn` tween sequence, which normalises those control points to each
/// segment's box). The sets' `extend` edges (which fill the gap a moved window leaves) and their
/// rounded window corners (`hasRoundedCorners`) have no counterpart in the view model.
let androidActivity = AnimatorDefinition(
    id: "android-activity", name: "Android Activity",
    summary: "Android 14's activity transition: the new page slides in from a tenth of the width while fading in quickly over the old one, which moves a tenth the other way; closing slides the top page out and fades it.",
    operations: navigationOperations,
    parameters: [
        .duration(0.45),
        .number("shift", "Shift", doc: "How far each page moves, as a fraction of the container's width.", 0.1, 0...1),
    ],
    choreography: { s in
        let curve = Easing.twoCubics(.emphasized)
        let k = s[1]
        if s.presenting {
            return Choreography(
                from: Track(start: .rest, end: .offset(-k, 0), easing: curve),
                to: Track(start: Look(dx: k, alpha: 0), end: .rest, easing: curve, fade: (50.0 / 450)...(210.0 / 450), fadeOnTime: true),
                placement: .above)
        }
        return Choreography(
            from: Track(start: .rest, end: Look(dx: k, alpha: 0), easing: curve, fade: (35.0 / 450)...(195.0 / 450), fadeOnTime: true),
            to: Track(start: .offset(-k, 0), end: .rest, easing: curve),
            placement: .below)
    })
