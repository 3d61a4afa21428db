/// The source of every animator the package ships, by plugin id and animator id: the built-in
/// Swift plugin, the C plugin and the Rust plugin. The files and symbols are the ones each
/// animator's code cites; a revision is given where the one read was recorded.
public enum AnimatorSources {
    /// The built-in Swift plugin's id.
    public static let builtins = "org.transitioncatalog.builtins"
    /// The C plugin's id.
    public static let android = "org.transitioncatalog.android"
    /// The Rust plugin's id.
    public static let web = "org.transitioncatalog.web"

    /// The source of animator `animator` of plugin `plugin`, or nil when the package does not
    /// ship it.
    public static func of(plugin: String, animator: String) -> AnimatorSource? {
        table[plugin]?[animator]
    }

    static let flutterCupertino = "flutter/flutter packages/flutter/lib/src/cupertino/route.dart"
    static let flutterMaterial = "flutter/flutter packages/flutter/lib/src/material/page_transitions_theme.dart"
    static let mdc = "material-components-android lib/java/com/google/android/material/transition/"
    static let tokens = "material-components-android lib/java/com/google/android/material/motion/res/values/tokens.xml"
    static let hero = "HeroTransitions/Hero Sources/Preprocessors/DefaultAnimationPreprocessor.swift"
    static let vcTransitions = "ColinEberhardt/VCTransitionsLibrary"

    /// A Hero family: Hero's numbers, compared by a reference test.
    static func hero(_ type: String) -> AnimatorSource {
        AnimatorSource(
            file: hero, symbol: "HeroDefaultAnimationType.\(type)", fidelity: .exact, checked: true,
            notes: "Dismissing operations play the reversed type, as Hero's autoReverse does."
                + (["push", "pull", "cover", "uncover", "pageIn", "pageOut"].contains(type) ? " The moving screen's layer shadow (opacity 0.5, radius 5) is not drawn." : ""))
    }

    /// A VCTransitionsLibrary animation controller, ported to views without its snapshots' layers.
    static func vcTransitions(_ controller: String) -> AnimatorSource {
        AnimatorSource(
            file: vcTransitions, symbol: controller, fidelity: .approximation,
            notes: "Its motion is played on the screens' views; the library's timings were not compared by a test.")
    }

    /// A surface of the catalogue's own on Material's spring tokens.
    static func springs(_ tokens: String, surface: String) -> AnimatorSource {
        AnimatorSource(
            file: Self.tokens, symbol: tokens, fidelity: .approximation, checked: true,
            notes: "The springs are the tokens' (spatial for the motion, effects for the scrim and the fades); \(surface) is the catalogue's own.")
    }

    static let table: [String: [String: AnimatorSource]] = [
        builtins: [
            "slide": .own, "fade": .own, "flip": .own, "halfway-spring": .own, "cover-vertical": .own,
            "drop-down": .own, "dimmed-sheet": .own, "zoom": .own, "cube": .own, "swing": .own,
            "portal": .own, "explode": .own, "form-sheet": .own,
            "push": hero("push"), "pull": hero("pull"), "cover": hero("cover"), "uncover": hero("uncover"),
            "hero-slide": hero("slide"), "zoom-slide": hero("zoomSlide"), "page-in": hero("pageIn"),
            "page-out": hero("pageOut"), "hero-zoom": hero("zoom"), "zoom-out": hero("zoomOut"),
            "turn": AnimatorSource(
                file: vcTransitions, symbol: "CETurnAnimationController", fidelity: .approximation,
                notes: "The library turns each screen a quarter turn about its own centre line, in the two halves of one keyframe animation of CEReversibleAnimationController's 1 s, under a container perspective of m34 −0.002 (an eye 500 pt away). The catalogue's turn hinges each screen on an edge, lasts 0.7 s, eases each half in or out, fades each screen next to the hand-over and puts the eye 1.56 widths away; no reference test compares them."), "natgeo": vcTransitions("CENatGeoAnimationController"),
            "cards": vcTransitions("CECardsAnimationController"), "fold": vcTransitions("CEFoldAnimationController"),
            "ios-push": AnimatorSource(
                file: "UIKit", symbol: "UINavigationController's push", fidelity: .unpublished,
                notes: "Apple publishes no duration, curve, parallax or dimming: 400 ms, 1/e every 61 ms and the 0.115 dimming are the swift_transitions package's frame fit of the iOS simulator (JakeThomson/swift_transitions lib/src/physics/curves.dart); the default parallax, a third of the width, is Flutter's, where that fit measured 0.283 to 0.288."),
            "ios-zoom": AnimatorSource(
                file: "UIKit", symbol: "UIViewController.Transition.zoom", fidelity: .unpublished,
                notes: "Apple publishes no spring: ζ 0.75 and 0.419 s (k 225, c 22.5) are the swift_transitions package's iOS 26 fit (lib/src/zoom/zoom_dismiss_physics.dart); the dimming and the corner timing are guesses."),
            "cupertino-page": AnimatorSource(
                file: flutterCupertino, symbol: "CupertinoPageTransition", version: "7c1ae2bc83fd55114031e675e355d6b10947ffc0",
                fidelity: .exact, checked: true,
                notes: "Views are flat colours, so the page's edge shadow (_CupertinoEdgeShadowDecoration, a gradient from 0x04000000 to clear over 5 % of the width) is drawn as four shadow views of equal width, each at the gradient's mean alpha over it."),
            "cupertino-dialog": AnimatorSource(
                file: flutterCupertino, symbol: "CupertinoFullscreenDialogTransition", version: "7c1ae2bc83fd55114031e675e355d6b10947ffc0",
                fidelity: .exact, checked: true),
            "cupertino-modal-popup": AnimatorSource(
                file: flutterCupertino, symbol: "CupertinoModalPopupRoute", version: "002ec27d59a34e4d58b6bbeb06eea49d5635317b",
                fidelity: .exact, checked: true, notes: "The barrier is the light mode's 0x33000000; `dim` sets the dark mode's 0x7A000000 (0.478)."),
            "cupertino-alert": AnimatorSource(
                file: flutterCupertino, symbol: "_buildCupertinoDialogTransitions", version: "002ec27d59a34e4d58b6bbeb06eea49d5635317b",
                fidelity: .exact, checked: true, notes: "Copies of newer Flutter show a spring in place of this 250 ms tween."),
            "compose-ios": AnimatorSource(
                file: "androidx/androidx navigation3/navigation3-ui/src/iosMain/kotlin/androidx/navigation3/ui/NavDisplay.ios.kt",
                symbol: "defaultTransitionSpec, defaultPopTransitionSpec", version: "9fe1485e7829dd3f13f84af435bc26925ac42a60",
                fidelity: .exact, checked: true,
                notes: "Compose rounds each offset to a whole pixel; the offsets here are not rounded. The predictive pop (linear, seeked by the gesture) is not played."),
            "shared-axis": AnimatorSource(
                file: mdc + "MaterialSharedAxis.java", symbol: "MaterialSharedAxis", fidelity: .exact, checked: true,
                notes: "The reference test compares the default x axis at 30 dp; the y and z axes follow the same providers."),
            "fade-through": AnimatorSource(file: mdc + "MaterialFadeThrough.java", symbol: "MaterialFadeThrough", fidelity: .exact, checked: true),
            "material-fade": AnimatorSource(
                file: mdc + "MaterialFade.java", symbol: "MaterialFade", fidelity: .exact, checked: true,
                notes: "The emphasized decelerate and accelerate curves are (0.05, 0.7, 0.1, 1) and (0.3, 0, 0.8, 0.15), as Flutter, Compose and MDC's docs give them; MDC's tokens.xml has (0.1, 0.7, 0.1, 1) and (0.3, 0, 0.8, 0.2)."),
            "flutter-zoom": AnimatorSource(
                file: flutterMaterial, symbol: "ZoomPageTransitionsBuilder", fidelity: .exact, checked: true,
                notes: "The scrim is ColorScheme.surface of the Material 3 baseline light scheme."),
            "predictive-back": AnimatorSource(
                file: "frameworks/base libs/WindowManager/Shell/src/com/android/wm/shell/back/DefaultCrossActivityBackAnimation.kt",
                symbol: "DefaultCrossActivityBackAnimation, CrossActivityBackAnimation", fidelity: .exact, checked: true,
                notes: "A horizontal swipe whose progress grows linearly, released with no velocity: the vertical follow, the fling spring's bounce and a cancelled gesture are not played; the scrim is the light mode's. Driven by a finger, the top window fades over the last fifth of the commit instead of the first, so that it is never gone while held."),
            "flutter-predictive-back": AnimatorSource(
                file: "flutter/flutter packages/flutter/lib/src/material/predictive_back_page_transitions_builder.dart, packages/flutter/lib/src/widgets/routes.dart",
                symbol: "PredictiveBackPageTransitionsBuilder, TransitionRoute.handleCommitBackGesture",
                version: "01f9b71619f3c9e049ba37a9a4d9222174100c6e, 69273e35c9a7ac4922c285a2f84f4a5c07a0ccc1", fidelity: .exact, checked: true,
                notes: "A horizontal swipe whose progress grows linearly and is let go at `release`: the vertical follow is not played. A pop that is not a gesture falls back to the zoom transition (`flutter-zoom`)."),
            "flutter-predictive-back-fullscreen": AnimatorSource(
                file: "flutter/flutter packages/flutter/lib/src/material/predictive_back_page_transitions_builder.dart, packages/flutter/lib/src/widgets/routes.dart",
                symbol: "PredictiveBackFullscreenPageTransitionsBuilder, TransitionRoute.handleCommitBackGesture",
                version: "01f9b71619f3c9e049ba37a9a4d9222174100c6e, 69273e35c9a7ac4922c285a2f84f4a5c07a0ccc1", fidelity: .exact, checked: true,
                notes: "Flutter's numbers are eyeballed from Android's spec, and the source's jumps are kept: the page on top jumps to rest as the gesture passes 35 %, where its 100 ms fade starts on the clock, and the page beneath to rest when the finger lets go. Driven by a finger, the fade still runs on the transition's clock."),
            "bottom-sheet-back": AnimatorSource(
                file: "material-components-android lib/java/com/google/android/material/motion/MaterialBottomContainerBackHelper.java",
                symbol: "MaterialBottomContainerBackHelper.updateBackProgress, finishBackProgressNotPersistent",
                version: "02dc77923bb0ad313d8d5a840473db6f17b1051a", fidelity: .exact, checked: true,
                notes: "The sheet as BottomSheetBehavior moves a hideable sheet: a dialog's window dim is the window manager's and is not drawn. The helper also scales the sheet's children back to their aspect; views here are flat, so only the sheet is shown."),
            "side-sheet-back": AnimatorSource(
                file: "material-components-android lib/java/com/google/android/material/motion/MaterialSideContainerBackHelper.java",
                symbol: "MaterialSideContainerBackHelper.updateBackProgress, finishBackProgress",
                version: "2c297faf4b210dcea41f62a1671cf6acd9475668", fidelity: .exact, checked: true,
                notes: "The sheet as SideSheetBehavior moves it: a dialog's window dim and a coplanar sibling are not drawn. The helper also scales the sheet's child back to its aspect; views here are flat, so only the sheet is shown."),
            "search-view-back": AnimatorSource(
                file: "material-components-android lib/java/com/google/android/material/motion/MaterialMainContainerBackHelper.java, lib/java/com/google/android/material/search/SearchViewAnimationHelper.java",
                symbol: "MaterialMainContainerBackHelper, SearchViewAnimationHelper.finishBackProgress",
                version: "3ce7c2bb1851b10cf43bdc541aa72dd3edf66e95, 03a4e2334b1bddcae007ed164928670348f09f4d", fidelity: .exact, checked: true,
                notes: "The search view's container: its clip and corners collapsing into the bar while the helper's scale and translation come back. Its parts (the toolbar, the text, the content's fade, the scrim) are not drawn; views have no clip, so the view is laid out in its clip. A horizontal swipe: the vertical follow is not played."),
            "android-activity": AnimatorSource(
                file: "frameworks/base core/res/res/anim/activity_open_enter.xml, activity_open_exit.xml, activity_close_exit.xml",
                symbol: "activity transitions", version: "Android 14 (rd-stuffs/android_frameworks_base)", fidelity: .approximation, checked: true,
                notes: "activity_close_enter.xml is not in that tree: the revealed page comes back from −10 %, as the open sent it. The sets' extend edges are not drawn, and the windows keep square corners where the sets ask for the device's rounded ones (hasRoundedCorners)."),
            "elevation-scale": AnimatorSource(
                file: mdc + "MaterialElevationScale.java", symbol: "MaterialElevationScale", fidelity: .exact, checked: true,
                notes: "MDC themes neither its duration nor its curve: Android's ValueAnimator defaults, 300 ms and AccelerateDecelerateInterpolator."),
            "hold": AnimatorSource(file: mdc + "Hold.java", symbol: "Hold", fidelity: .exact, checked: true),
            "container-transform": AnimatorSource(
                file: mdc + "MaterialContainerTransform.java", symbol: "MaterialContainerTransform", fidelity: .exact, checked: true,
                notes: "Views have no clip: the masked image is scaled to what the container shows instead of cropped, and the inner image rounds all four corners where MDC's outline rounds only those it shares with the container."),
            "bottom-sheet": springs("m3_sys_motion_standard_spring_default_spatial, _default_effects", surface: "the sheet and its detents"),
            "side-drawer": springs("m3_sys_motion_standard_spring_default_spatial, _default_effects", surface: "the drawer"),
            "popover": springs("m3_sys_motion_standard_spring_fast_spatial, _fast_effects", surface: "the card growing from a source rectangle"),
        ],
        android: [
            "fade-upwards": AnimatorSource(file: flutterMaterial, symbol: "_FadeUpwardsPageTransition", fidelity: .exact, checked: true),
            "open-upwards": AnimatorSource(
                file: flutterMaterial, symbol: "_OpenUpwardsPageTransition", fidelity: .exact, checked: true,
                notes: "The content's 5 % rise inside the growing clip is not shown; the clip's edges are."),
            "fade-forwards": AnimatorSource(
                file: flutterMaterial, symbol: "FadeForwardsPageTransitionsBuilder", version: "001fc4d51d2dbf3dda4d6c4e996a800cdc7eb9b8",
                fidelity: .exact, checked: true,
                notes: "The box behind the pages is ColorScheme.surface of the Material 3 baseline light scheme, a decoration view (the web export leaves it out). It lasts 800 ms, kTransitionMilliseconds of this revision; later Flutter shortens it to 450 ms, eyeballed on a Pixel 9."),
        ],
        web: [
            "view-transition": AnimatorSource(
                file: "W3C CSS View Transitions Module Level 1", symbol: "the user-agent style sheet's root cross-fade and named groups", fidelity: .exact, checked: true,
                notes: "Each matched element is a named group whose box moves from the old element's to the new one's while its two images cross-fade. The images are composited normally where the style sheet asks for plus-lighter: halfway through, two half-transparent images cover 75 % instead of adding up to the whole. A named element stays in the screens' pictures beneath its group, where the browser leaves it out of the root's."),
            "nav3-fade": AnimatorSource(
                file: "androidx/androidx navigation3/navigation3-ui/src/androidMain/kotlin/androidx/navigation3/ui/NavDisplay.android.kt",
                symbol: "defaultTransitionSpec, defaultPredictivePopTransitionSpec", version: "c24c69527ae98bba764719fe80d95503e4ab0a3f",
                fidelity: .exact, checked: true,
                notes: "The reference test compares the push and pop fades. The predictive pop is approximated: the popped page shrinks to 0.7 and fades on the tween's curve of the gesture's progress, where Compose seeks scaleOut's default spring and does not fade it, and fades the revealed page in on the default effects spring."),
        ],
    ]
}
