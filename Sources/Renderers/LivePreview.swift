import TransitionCore

/// What an HTML preview needs to play an animator live: its WebAssembly module, the web host
/// (`web/transition-catalog.js`) that runs it, and the transition's animator, context and
/// starting parameter values.
public struct LivePreview: Sendable {
    /// The bytes of the animator's `.wasm` module.
    public var module: [UInt8]
    /// The module's file name, given to the plugin's init as its path.
    public var moduleName: String
    /// The text of `web/transition-catalog.js`.
    public var host: String
    /// The animator's id within its plugin.
    public var animatorID: String
    /// The transition's context: operation, style, container, presented frame and matched elements.
    public var context: TransitionContext
    /// The animator's parameters in descriptor order, each with its starting value.
    public var parameters: [(spec: ParameterSpec, value: Double)]
    /// The command line's other arguments that shaped the transition (`--style`, `--detent`,
    /// `--size`, `--match`), repeated in the command the page offers to copy.
    public var arguments: [String]
    /// The custom presentation's detent as given (`medium`, `large` or a fraction), for the
    /// transitions-file rule the page offers to copy.
    public var detent: String?

    /// Creates what a live page needs.
    public init(
        module: [UInt8], moduleName: String, host: String, animatorID: String, context: TransitionContext,
        parameters: [(spec: ParameterSpec, value: Double)], arguments: [String] = [], detent: String? = nil
    ) {
        self.arguments = arguments
        self.detent = detent
        self.module = module
        self.moduleName = moduleName
        self.host = host
        self.animatorID = animatorID
        self.context = context
        self.parameters = parameters
    }

    /// The web host as a classic script body: its `export` keywords dropped, so its functions
    /// are in scope for the page's code in the same `<script type="module">`, and any `</script`
    /// escaped so the element cannot end early.
    var inlineHost: String { Self.inline(host) }

    /// `host`, the web host's text, as a classic script body (see `inlineHost`).
    static func inline(_ host: String) -> String {
        host.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.hasPrefix("export ") ? line.dropFirst("export ".count) : line
        }.joined(separator: "\n").replacing("</script", with: "<\\/script")
    }

    /// The options the page gives `plugin.transition`, as a JavaScript object literal.
    var optionsLiteral: String { Self.options(context) }

    /// The options `plugin.transition` takes for context `c`, as a JavaScript object literal
    /// (and JSON).
    static func options(_ c: TransitionContext) -> String {
        func rect(_ r: Rect) -> String {
            "{\"x\":\(JSNumber.text(r.x)),\"y\":\(JSNumber.text(r.y)),\"width\":\(JSNumber.text(r.width)),\"height\":\(JSNumber.text(r.height))}"
        }
        var fields = [
            "\"operation\":\"\(c.operation.name)\"", "\"style\":\"\(c.style.name)\"", "\"containerBounds\":\(rect(c.containerBounds))",
        ]
        if c.style == .custom {
            fields.append("\"presentedFrame\":\(rect(c.operation == .dismiss ? c.fromInitialFrame : c.toFinalFrame))")
        }
        if !c.matchedElements.isEmpty {
            let elements = c.matchedElements.map { e in
                "{\"id\":\(JSNumber.string(e.id)),\"fromFrame\":\(rect(e.fromFrame)),\"toFrame\":\(rect(e.toFrame))}"
            }
            fields.append("\"matchedElements\":[\(elements.joined(separator: ","))]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A parameter's value as the page holds it: a number, true or false, or a choice's name.
    static func literal(_ spec: ParameterSpec, _ value: Double) -> String {
        switch spec.kind {
        case .bool: value != 0 ? "true" : "false"
        case .choice: JSNumber.string(spec.display(value))
        case .number, .integer: JSNumber.text(value)
        }
    }

    /// The command the copy panel starts with: `catalog preview OP ID` and `arguments`, each
    /// quoted for a POSIX shell where it needs to be.
    var command: String {
        (["catalog", "preview", context.operation.name, animatorID] + arguments).map(Self.shellWord).joined(separator: " ")
    }

    /// The fields the copied transitions-file rule has besides the parameters, as JSON members.
    var ruleFields: String {
        var fields = ["\"operation\":\(JSNumber.string(context.operation.name))", "\"animator\":\(JSNumber.string(animatorID))"]
        if context.style == .custom { fields.append("\"style\":\"custom\"") }
        if context.style == .custom, let detent {
            fields.append("\"detent\":" + (Double(detent).map(JSNumber.text) ?? JSNumber.string(detent)))
        }
        return fields.joined(separator: ",")
    }

    /// `word` as one word of a POSIX shell: as it is when it has nothing the shell reads, else in
    /// single quotes.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { c in
            (c.value < 128 && (c.properties.isAlphabetic || c.properties.numericType != nil)) || "_.,:=/+-@%".unicodeScalars.contains(c)
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}

/// Numbers and strings as JavaScript (and JSON) literals.
enum JSNumber {
    /// A finite number as a literal that reads back as the same double.
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A string as a JSON string literal, safe inside a `<script>` element.
    static func string(_ text: String) -> String { JSONValue.quoted(text, insideScript: true) }
}

extension LivePreview {
    /// The page's script: loads the embedded module with the web host, builds a control for
    /// each parameter, and draws `transition.step(progress)` on every animation frame.
    ///
    /// `window.livePreview` is there for tools and tests: `ready` and `settled()` (promises of
    /// the first frame and of the last re-sampling), `firstFrame` (when the first frame was drawn,
    /// in milliseconds from navigation), `duration`, `values` (by parameter id) and
    /// `frames(progresses)`, the frames the page draws at those progresses; `gesture` (the last
    /// drag's scenario, whether it is held or done), `gestureTimes(fps)`, the times the engine
    /// samples that drag at, and `gestureFrames(times)`, the phase, progress and frame at times
    /// of its clock.
    func script(hold: Double, width: Double, height: Double, roleColors: String) -> String {
        let initial = "{" + parameters.map { "\(JSNumber.string($0.spec.id)):\(Self.literal($0.spec, $0.value))" }.joined(separator: ",") + "}"
        return """
            \(inlineHost)
            \(Self.pageLibrary)
            const ANIMATOR = \(JSNumber.string(animatorID)), OPTIONS = \(optionsLiteral), INITIAL = \(initial);
            const COMMAND = \(JSNumber.string(command)), RULE = \(JSNumber.string(ruleFields));
            const H = \(JSNumber.text(hold)), W = \(JSNumber.text(width)), HT = \(JSNumber.text(height)), ROLE_COLORS = \(roleColors);
            const $ = (id) => document.getElementById(id);
            const stage = $("s"), device = document.querySelector(".device"), box = document.querySelector(".frame-box");
            const slider = $("scrub"), button = $("play"), readout = $("readout"), details = $("details");
            const draw = stageDrawer(stage, OPTIONS.containerBounds, ROLE_COLORS);
            let plugin, spec, transition, D = 0, playing = false, started = 0, shownTime = 0, settling = Promise.resolve();
            const values = { ...INITIAL };
            const timeAt = (ms) => { const C = D + 2 * H, c = ((ms / 1000) % C + C) % C; return Math.min(D, Math.max(0, c - H)); };
            const show = (t) => {
              shownTime = t;
              if (transition) draw(transition.step(D > 0 ? Math.min(1, t / D) : 1));
              slider.value = D > 0 ? Math.round(t / D * 1000) : 0;
              readout.textContent = Math.round(t * 1000) + " ms · " + (D > 0 ? Math.round(t / D * 100) : 100) + "%";
            };
            const tick = (now) => { if (!playing) return; show(timeAt(now - started)); requestAnimationFrame(tick); };
            const pause = () => { playing = false; button.textContent = "Play"; };
            const play = () => { endGesture(); playing = true; button.textContent = "Pause"; started = performance.now() - (H + shownTime) * 1000; requestAnimationFrame(tick); };
            const format = (p, v) => (p.type === "bool" ? (v ? "true" : "false") : String(v));
            const panel = () => {
              const line = spec.parameters.map((p) => "--param " + p.id + "=" + format(p, values[p.id])).join(" ");
              $("param-line").textContent = line;
              $("command-line").textContent = COMMAND + (line ? " " + line : "");
              const rule = JSON.parse("{" + RULE + "}");
              if (spec.parameters.length) rule.parameters = Object.fromEntries(spec.parameters.map((p) => [p.id, values[p.id]]));
              $("rule").textContent = JSON.stringify(rule);
            };
            const resample = () => {
              endGesture();
              settling = settling.then(async () => {
                details.classList.remove("failed");
                const next = await plugin.transition(ANIMATOR, { ...OPTIONS, parameters: { ...values } });
                if (!next.setup()) throw new Error(ANIMATOR + " refused its setup");
                const fraction = D > 0 ? shownTime / D : 0;
                if (transition) transition.complete(false);
                transition = next;
                D = next.duration;
                details.textContent = details.dataset.prefix + Math.round(D * 1000) + " ms" + details.dataset.suffix;
                $("duration").textContent = String(D);
                panel();
                if (playing) { shownTime = fraction * D; started = performance.now() - (H + shownTime) * 1000; }
                show(Math.min(D, fraction * D));
              }).catch((error) => {
                details.textContent = "These values cannot run: " + (error && error.message ? error.message : error);
                details.classList.add("failed");
              });
              return settling;
            };
            const controls = () => parameterControls($("parameters"), spec, values, resample);
            const [AXIS, SIGN] = PointerGesture.axis(OPTIONS.operation);
            const DISTANCE = AXIS === "x" ? OPTIONS.containerBounds.width : OPTIONS.containerBounds.height;
            let gesture = null, following = false, firstFrame = 0;
            const gestureCommand = () => {
              const scenario = gesture.scenario();
              const line = spec.parameters.map((p) => " --param " + p.id + "=" + format(p, values[p.id])).join("");
              return scenario.length > 4096
                ? "This gesture has " + scenario.length + " characters of scenario; catalog preview --interactive takes at most 4096."
                : COMMAND + line + " --interactive '" + scenario + "'";
            };
            const follow = (now) => {
              if (!gesture) { following = false; return; }
              const at = gesture.at(now);
              shownTime = at.progress * D;
              draw(transition.step(at.progress));
              slider.value = Math.round(at.progress * 1000);
              readout.textContent = at.phase + " · " + Math.round(at.progress * 100) + "%";
              if (at.phase === "finished" || at.phase === "cancelled") {
                following = false;
                $("gesture-line").textContent = gestureCommand();
                return;
              }
              requestAnimationFrame(follow);
            };
            const endGesture = () => { gesture = null; };
            const press = (e) => {
              if (!transition || e.button !== 0) return;
              e.preventDefault();
              pause();
              const scale = device.getBoundingClientRect().width / W;
              const fresh = () => new PointerGesture(D, { axis: AXIS, direction: SIGN, distance: DISTANCE, scale });
              if (!gesture) gesture = fresh();
              if (!gesture.press(e.clientX, e.clientY, e.timeStamp)) { gesture = fresh(); gesture.press(e.clientX, e.clientY, e.timeStamp); }
              device.setPointerCapture(e.pointerId);
              $("gesture-line").textContent = "…";
              if (!following) { following = true; requestAnimationFrame(follow); }
            };
            device.addEventListener("pointerdown", press);
            device.addEventListener("pointermove", (e) => { if (gesture && gesture.held) gesture.move(e.clientX, e.clientY, e.timeStamp); });
            for (const type of ["pointerup", "pointercancel"]) {
              device.addEventListener(type, (e) => { if (gesture && gesture.held) gesture.lift(e.clientX, e.clientY, e.timeStamp); });
            }
            \(HTMLRenderer.fittingScript)
            const ready = (async () => {
              plugin = await loadPlugin(embeddedModule($("module")), { path: $("module").dataset.name });
              spec = plugin.animators().find((a) => a.id === ANIMATOR);
              controls();
              await resample();
              slider.addEventListener("input", () => { endGesture(); pause(); show(slider.value / 1000 * D); });
              button.addEventListener("click", () => (playing ? pause() : play()));
              document.addEventListener("keydown", (e) => { if (e.code === "Space" && e.target === document.body) { e.preventDefault(); playing ? pause() : play(); } });
              if (hash.has("p")) show(Math.min(1, Math.max(0, parseFloat(hash.get("p")) || 0)) * D);
              else play();
              document.body.dataset.ready = "1";
              requestAnimationFrame(() => { firstFrame = performance.now(); });
            })();
            window.livePreview = {
              ready,
              settled: () => settling,
              get duration() { return D; },
              get values() { return { ...values }; },
              get firstFrame() { return firstFrame; },
              frames: (progresses) => progresses.map((p) => transition.step(p)),
              get gesture() {
                if (!gesture) return null;
                const c = gesture.controller, end = c.completionTime;
                return { scenario: gesture.scenario(), duration: c.duration, held: gesture.held, events: c.events.length, finishes: c.finishes, done: end !== null && gesture.at(performance.now()).time >= end };
              },
              gestureTimes: (framesPerSecond) => gesture.controller.sampleTimes(framesPerSecond),
              gestureFrames: (times) => times.map((t) => {
                const c = gesture.controller, p = c.progress(t);
                return { time: t, phase: c.phase(t), progress: p, frame: transition.step(p) };
              }),
            };
            """
    }
}

extension LivePreview {
    /// What the live preview and the gallery's live cards share, after the web host: `stageDrawer(stage,
    /// bounds, roleColors)` gives the function that draws a frame on a CSS scene's stage (its
    /// views' elements moved to the module's states, made views added as they appear);
    /// `parameterControls(holder, spec, values, changed)` builds a control per parameter of the
    /// animator descriptor `spec` that writes `values` and calls `changed`; `embeddedModule(element)`
    /// gives the bytes of a module embedded as base64.
    static let pageLibrary = """
        const stageDrawer = (stage, bounds, roleColors) => {
          const elements = new Map(), backdrop = stage.querySelectorAll(".view[data-backdrop]").length;
          for (const e of stage.querySelectorAll(".view:not([data-backdrop])")) elements.set(Number(e.dataset.view), e);
          const element = (view) => {
            let e = elements.get(view.id);
            if (!e) {
              e = document.createElement("div");
              e.className = "view";
              e.dataset.role = view.role;
              e.dataset.view = view.id;
              e.style.backgroundColor = roleColors[view.role] || "transparent";
              stage.appendChild(e);
              elements.set(view.id, e);
            }
            return e;
          };
          return (frame) => {
            const shown = new Set();
            drawOrder(frame).forEach((v, rank) => {
              const s = v.state, e = element(v);
              shown.add(e);
              placeElement(e.style, s, frame.camera, bounds, backdrop + rank + 1);
              if (s.color && v.role !== "from" && v.role !== "to" && !s.content) e.style.backgroundColor = cssColor(s.color);
            });
            for (const e of elements.values()) if (!shown.has(e)) e.style.visibility = "hidden";
          };
        };
        const parameterControls = (holder, spec, values, changed) => {
          for (const p of spec.parameters) {
            const label = document.createElement("label");
            label.className = "parameter";
            const name = document.createElement("span");
            name.textContent = p.name || p.id;
            name.title = p.doc || "";
            label.appendChild(name);
            let input, after = document.createElement("span");
            if (p.type === "bool") {
              input = document.createElement("input");
              input.type = "checkbox";
              input.checked = !!values[p.id];
              input.addEventListener("change", () => { values[p.id] = input.checked; changed(); });
            } else if (p.type === "choice") {
              input = document.createElement("select");
              for (const c of p.choices) { const o = document.createElement("option"); o.value = o.textContent = c; input.appendChild(o); }
              input.value = values[p.id];
              input.addEventListener("change", () => { values[p.id] = input.value; changed(); });
            } else {
              input = document.createElement("input");
              input.type = "range";
              input.min = p.min;
              input.max = p.max;
              input.step = p.type === "integer" ? 1 : "any";
              input.value = values[p.id];
              after = document.createElement("output");
              const out = after, read = () => { out.textContent = String(values[p.id]) + (p.unit ? " " + p.unit : ""); };
              read();
              input.addEventListener("input", () => { values[p.id] = p.type === "integer" ? Math.round(Number(input.value)) : Number(input.value); read(); changed(); });
            }
            input.dataset.parameter = p.id;
            label.appendChild(input);
            label.appendChild(after);
            holder.appendChild(label);
          }
        };
        const embeddedModule = (element) => {
          const text = atob(element.textContent.trim()), bytes = new Uint8Array(text.length);
          for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
          return bytes;
        };
        """
}
