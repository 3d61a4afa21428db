import PluginHost
import PropertyBased
import TestSupport
import Testing
import TransitionCore

/// Random operation sequences on a whole scene, each finished or cancelled by a gesture, against a
/// plain model of UIKit's rules: the stacks, the selection, what is presented and the hierarchy.
@Suite struct ScenePropertyTests {
    /// Fade for everything; presents of screens named `sheet-...` use the custom style.
    struct Source: TransitionsSource {
        func animator(for request: TransitionRequest) -> AnimatorChoice? {
            if request.operation == .present {
                return AnimatorChoice(animatorID: "fade", style: request.toScreen?.hasPrefix("sheet") == true ? .custom : .fullScreen)
            }
            return AnimatorChoice(animatorID: request.operation == .pop ? "cover-push" : "fade")
        }
    }

    struct Model {
        var stacks = [["home"], ["search"]]
        var selected = 0
        var presented: [(String, Bool)] = []

        var layers: [String] {
            var result = [stacks[selected].last!]
            for (screen, custom) in presented {
                if custom { result += ["dimming 0.5", screen] } else { result = [screen] }
            }
            return result
        }
    }

    @Test func randomSequencesKeepUIKitsHierarchy() async throws {
        let catalog = try HostFixtures.catalog()
        let finish = try InteractionScenario(parsing: "scrub 0.7 @0.05; release v=0 @0.1")
        let cancel = try InteractionScenario(parsing: "scrub 0.7 @0.05; release v=-9 @0.1")
        let ops = zip(Gen.int(in: 0...5), Gen.bool, Gen.bool).array(of: 1...25)
        await propertyCheck(count: 60, input: ops) { ops in
            let director = HostFixtures.director(Source(), catalog: catalog)
            director.framesPerSecond = 30
            let scene = SceneDriver(tabRoots: ["home", "search"], director: director)
            var model = Model()
            var counter = 0
            for (kind, finished, flag) in ops {
                counter += 1
                let op: SceneOperation
                switch kind {
                case 0, 1: op = .push("s\(counter)")
                case 2: op = .pop
                case 3: op = .present(flag ? "sheet-\(counter)" : "full-\(counter)")
                case 4: op = .dismiss
                default: op = .tab(1 - model.selected)
                }
                let refused: Bool
                switch op {
                case .push: refused = !model.presented.isEmpty
                case .pop: refused = !model.presented.isEmpty || model.stacks[model.selected].count == 1
                case .tab: refused = !model.presented.isEmpty
                case .present: refused = false
                case .dismiss: refused = model.presented.isEmpty
                }
                do {
                    let record = try scene.perform(op, scenario: finished ? finish : cancel)
                    #expect(!refused, "\(op) ran but UIKit's rules refuse it")
                    #expect(record.finished == finished)
                    #expect(record.completion?.leakedViews.isEmpty ?? true)
                    if finished {
                        switch op {
                        case .push(let s): model.stacks[model.selected].append(s)
                        case .pop: model.stacks[model.selected].removeLast()
                        case .tab(let i): model.selected = i
                        case .present(let s): model.presented.append((s, s.hasPrefix("sheet")))
                        case .dismiss: model.presented.removeLast()
                        }
                    }
                } catch {
                    #expect(refused, "\(op) was refused: \(error)")
                    #expect((error as? DriverError)?.kind == .refused)
                }
                #expect(scene.navigation.map(\.stack.screens) == model.stacks)
                #expect(scene.tabs.tabs.selectedIndex == model.selected)
                #expect(scene.modal.presenter.presented.map(\.screen) == model.presented.map(\.0))
                #expect(scene.layers.map(\.description) == model.layers)
                #expect(!scene.isBusy)
            }
        }
    }
}
