import PropertyBased
import Testing
import TransitionCore

/// Random gestures and random driver operations, checked against the rules that must always hold.
@Suite struct InteractionPropertyTests {
    /// A random gesture: kinds 0 scrub, 1 release, 2 finish, 3 cancel, 4 grab; a value (fraction or
    /// velocity) and a time step.
    static let gesture = zip(Gen.int(in: 0...4), Gen.double(in: 0...1), Gen.double(in: 0.01...0.4)).array(of: 1...14)

    /// Writes the gesture in the scenario language for a transition of `duration`: while the
    /// gesture holds the transition the kinds mean scrub, release, finish, cancel, scrub; once let
    /// go, the next step grabs it (a shorter time step), and the text stops when the transition
    /// would end before that grab. A held gesture is released at the end.
    static func text(_ steps: [(Int, Double, Double)], duration: Double) -> String {
        var t = 0.0
        var held = true
        var end = Double.infinity
        var words: [String] = []
        for (kind, value, dt) in steps {
            let time = t + (held ? dt : dt * duration / 2)
            let stamp = "@" + Format.number(time, decimals: 6)
            let rounded = Double(Format.number(time, decimals: 6))!
            if !held {
                if rounded >= end { break }
                words.append("grab \(stamp)")
                held = true
            } else {
                switch kind {
                case 1: words.append("release v=\(Format.number(value * 8 - 4, decimals: 6)) \(stamp)")
                case 2: words.append("finish \(stamp)")
                case 3: words.append("cancel \(stamp)")
                default: words.append("scrub \(Format.number(value, decimals: 6)) \(stamp)")
                }
                if (1...3).contains(kind) {
                    held = false
                    // Simulate to learn when the animation ends.
                    if let c = try? InteractionScenario(parsing: words.joined(separator: "; ")).controller(duration: duration) {
                        end = c.completionTime ?? .infinity
                    }
                }
            }
            t = rounded
        }
        if held { words.append("release v=0 @\(Format.number(t + 0.05, decimals: 6))") }
        return words.joined(separator: "; ")
    }

    @Test func randomGesturesNeverJumpAndEndExactly() async {
        var played = 0
        await propertyCheck(count: 300, input: Self.gesture, Gen.double(in: 0.1...1.5)) { steps, duration in
            let text = Self.text(steps, duration: duration)
            let scenario: InteractionScenario
            do {
                scenario = try InteractionScenario(parsing: text)
            } catch {
                Issue.record("the generated text did not parse: \(error) in \(text)")
                return
            }
            let controller: InteractionController
            do throws(InteractionScenario.Error) {
                controller = try scenario.controller(duration: duration)
            } catch {
                // Refused gestures (a grab while held, a step after the end) name a step in the text.
                #expect(error.column >= 1 && error.column <= text.count, "\(error)")
                return
            }
            played += 1
            let segments = controller.segments
            for (a, b) in zip(segments, segments.dropFirst()) {
                #expect(b.startProgress == a.endProgress, "a jump between segments in \(text)")
                #expect(b.startTime >= a.startTime)
            }
            for s in segments where s.endTime > s.startTime {
                // The value where the segment was cut equals its own motion at that time.
                let own = s.span > 0 ? s.startProgress + (s.targetProgress - s.startProgress) * s.curve.value(at: min(1, (s.endTime - s.startTime) / s.span)) : s.targetProgress
                #expect(abs(own - s.endProgress) < 1e-12, "a segment cut away from its motion in \(text)")
            }
            let times = controller.sampleTimes(framesPerSecond: 240)
            for t in times {
                let p = controller.progress(at: t)
                #expect(p >= 0 && p <= 1, "progress \(p) at \(t) in \(text)")
                let later = controller.progress(at: t + 1e-7)
                #expect(abs(later - p) < 1e-3, "a jump at \(t) in \(text)")
            }
            let end = try #require(controller.completionTime)
            let finishes = try #require(controller.finishes as Bool?)
            #expect(controller.progress(at: end) == (finishes ? 1 : 0), "the end is exact")
            #expect(controller.phase(at: end) == (finishes ? .finished : .cancelled))
        }
        #expect(played >= 270, "only \(played) of 300 random gestures were playable; the generator needs fixing")
    }

    /// Random navigation operations, finished or cancelled, against a plain array.
    @Test func navigationStackFollowsItsModel() async {
        let ops = zip(Gen.int(in: 0...2), Gen.bool).array(of: 1...30)
        await propertyCheck(count: 200, input: ops) { ops in
            var nav = NavigationStack(root: "root")
            var model = ["root"]
            var counter = 0
            for (kind, finished) in ops {
                let planned: PlannedTransition
                do {
                    if kind == 0 || model.count == 1 {
                        counter += 1
                        planned = try nav.planPush("s\(counter)")
                    } else {
                        planned = try nav.planPop()
                    }
                    try nav.begin(planned)
                } catch {
                    Issue.record("refused: \(error)")
                    return
                }
                #expect(throws: DriverRefusal.self) { try nav.planPush("x\(counter)") }
                nav.end(finished: finished)
                if finished {
                    if planned.operation == .push { model.append(planned.toScreen) } else { model.removeLast() }
                }
                #expect(nav.screens == model)
                #expect(nav.container == [model.last!])
            }
        }
    }

    /// Random presents and dismisses, both styles, finished or cancelled, against a plain list.
    @Test func modalPresenterFollowsItsModel() async {
        let bounds = Rect(x: 0, y: 0, width: 320, height: 640)
        let ops = zip(Gen.int(in: 0...1), Gen.bool, Gen.bool).array(of: 1...30)
        await propertyCheck(count: 200, input: ops) { ops in
            var modal = ModalPresenter(presenting: "root")
            var model: [(String, PresentationStyle)] = []
            var counter = 0
            for (kind, custom, finished) in ops {
                do {
                    if kind == 0 || model.isEmpty {
                        counter += 1
                        try modal.begin(try modal.planPresent("m\(counter)", style: custom ? .custom : .fullScreen))
                    } else {
                        try modal.begin(try modal.planDismiss())
                    }
                } catch {
                    Issue.record("refused: \(error)")
                    return
                }
                let t = modal.end(finished: finished)!
                if finished {
                    if t.operation == .present { model.append((t.toScreen, t.style)) } else { model.removeLast() }
                }
                #expect(modal.presented.map(\.screen) == model.map(\.0))
                // The hierarchy: everything from the last full-screen screen up, with a dimming view under each custom one.
                var expected = ["root"]
                for (screen, style) in model {
                    if style == .fullScreen { expected = [screen] } else { expected += ["dimming 0.5", screen] }
                }
                #expect(modal.layers(in: bounds).map(\.description) == expected)
                for p in modal.presented where p.style == .custom { #expect(p.presentation?.state == .presented) }
            }
        }
    }
}
