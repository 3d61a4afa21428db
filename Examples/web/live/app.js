// A small web app whose screen changes run animator plugins live: a push through
// `document.startViewTransition`, a pop that follows a drag from the left edge, and a sheet
// presented over dimming. See docs/web.md, "The example app".
import { loadPlugin, PointerGesture, Presentation, InteractionController, viewMatrix, drawOrder, placeElement, cssColor } from "../../../web/transition-catalog.js";

const query = new URLSearchParams(location.search);
const MODULE = query.get("module") ?? "../../../.build/debug/wasm/catalog-plugins.wasm";
const W = 390, H = 844, BOUNDS = { x: 0, y: 0, width: W, height: H };
/** A drag that starts this close to the left edge pops. */
const EDGE = 24;
/** Keyframes per second of a push's Web Animations, sampled from the animator when it starts. */
const KEYFRAME_RATE = 120;

const $ = (id) => document.getElementById(id);
const phone = $("phone"), screens = { inbox: $("inbox"), message: $("message"), sheet: $("sheet") };
const choosers = { push: $("push-animator"), pop: $("pop-animator"), present: $("present-animator") };
const defaults = { push: query.get("push") ?? "cube", pop: query.get("pop") ?? "slide", present: query.get("present") ?? "dimmed-sheet" };

/**
 * Parameter values from the address for the transitions of `kind` ("push", "pop" or "present"):
 * `?pop.duration=1.2&push.direction=up` sets the pop's duration and the push's direction (a
 * number, true or false, or a choice's name). The chosen animator must have them.
 */
function parametersFor(kind) {
  const values = {};
  for (const [key, text] of query) {
    if (!key.startsWith(kind + ".")) continue;
    const n = Number(text);
    values[key.slice(kind.length + 1)] = text === "true" ? true : text === "false" ? false : text !== "" && Number.isFinite(n) ? n : text;
  }
  return values;
}

let plugin = null;
/** What runs now: null, or {kind, ...}. Screen changes wait until it ends. */
let running = null;
/** The last pop gesture: its animator, options and gesture, for `window.app`. */
let lastGesture = null;
const presentation = new Presentation({ layout: { sheet: 0.5 } });

const report = (error) => { $("error").textContent = error ? String(error.message ?? error) : ""; if (error) console.error(error); };
const nextFrame = () => new Promise((ok) => requestAnimationFrame(ok));

// ---------------------------------------------------------------------------------------------
// Drawing a frame with per-frame styles
// ---------------------------------------------------------------------------------------------

const madeViews = [];

/** The element that shows `view`: a screen for the from and to views, a plain box for a made view. */
function elementFor(view, roles) {
  if (view.role === "from" || view.role === "to") return roles[view.role];
  if (view.state.content) return null;
  let e = madeViews[view.id];
  if (!e) {
    e = document.createElement("div");
    e.className = "made";
    phone.appendChild(e);
    madeViews[view.id] = e;
  }
  return e;
}

/**
 * Puts each view of `frame` where the engine says: frame, opacity, transform under the camera,
 * corner radius, visibility, one-sidedness and order. `roles` maps "from" and "to" to screens.
 * Views that picture part of a screen (snapshots) are not drawn by this app.
 */
function draw(frame, roles) {
  const shown = new Set();
  drawOrder(frame).forEach((v, rank) => {
    const e = elementFor(v, roles);
    if (!e) return;
    shown.add(e);
    e.hidden = false;
    placeElement(e.style, v.state, frame.camera, BOUNDS, rank + 1);
    if (v.state.color && e.classList.contains("made")) e.style.backgroundColor = cssColor(v.state.color);
  });
  for (const e of madeViews) if (e && !shown.has(e)) e.style.visibility = "hidden";
}

/** Gives a screen back to the style sheet, or keeps it where the last frame put it. */
function rest(screen, shown) {
  screen.removeAttribute("style");
  screen.hidden = !shown;
}

function clearMade() {
  for (const e of madeViews) if (e) e.style.visibility = "hidden";
}

/** Plays `transition` to its end on the display's frames, on `controller`'s clock (seconds from `start`, in ms). */
async function play(transition, controller, start, roles) {
  for (;;) {
    const now = await nextFrame();
    const t = Math.max(0, (now - start) / 1000);
    draw(compose(transition, transition.step(controller.progress(t))), roles);
    const phase = controller.phase(t);
    if (phase === "finished" || phase === "cancelled") return phase === "finished";
  }
}

/** The frame with the presentation's dimming view under it, when the animator draws none. */
function compose(transition, frame) {
  if (transition.context.style !== "custom" || transition.drawsDimming) return frame;
  return presentation.compose(frame, BOUNDS);
}

// ---------------------------------------------------------------------------------------------
// Push: a view transition whose snapshots move along keyframes sampled from the animator
// ---------------------------------------------------------------------------------------------

/**
 * Samples the push at KEYFRAME_RATE, switches the screens in a view transition, and moves the
 * old and new snapshots of the phone with Web Animations built from those samples. The
 * animations run on the compositor, and only they can move a view transition's snapshots.
 * Returns the view transition once its animations started.
 */
async function push(subject) {
  const id = choosers.push.value;
  const t = await plugin.transition(id, { operation: "push", containerBounds: BOUNDS, parameters: parametersFor("push") });
  if (!t.setup()) throw new Error(`${id} refused to set up a push`);
  const n = Math.max(4, 4 * Math.ceil(t.duration * KEYFRAME_RATE / 4));
  const frames = Array.from({ length: n + 1 }, (_, i) => t.step(i / n));
  t.complete(true);
  const update = () => {
    $("subject").textContent = subject;
    screens.inbox.hidden = true;
    screens.message.hidden = false;
  };
  if (!document.startViewTransition) {
    update();
    return null;
  }
  const vt = document.startViewTransition(update);
  await vt.ready;
  const duration = t.duration * 1000;
  const keyframes = (role) => frames.map((f, i) => {
    const v = f.views.find((x) => x.role === role), s = v.state;
    const visible = v.containerIndex !== null && !s.hidden;
    return {
      offset: i / n, easing: "linear", opacity: visible ? Math.min(1, Math.max(0, s.alpha)) : 0,
      transform: "matrix3d(" + viewMatrix(s, f.camera, BOUNDS).join(",") + ")", zIndex: drawOrder(f).indexOf(v) + 1,
      backfaceVisibility: s.doubleSided ? "visible" : "hidden",
    };
  });
  const animations = [["from", "::view-transition-old(phone)"], ["to", "::view-transition-new(phone)"]].map(([role, pseudoElement]) =>
    document.documentElement.animate(keyframes(role), { duration, fill: "both", pseudoElement }));
  running = { kind: "push", vt, animations, duration };
  vt.finished.finally(() => { if (running && running.vt === vt) running = null; preparePop(); });
  return vt;
}

// ---------------------------------------------------------------------------------------------
// Pop: per-frame styles on the live screens, by a button or a drag from the left edge
// ---------------------------------------------------------------------------------------------

/** The pop's transition, readied while the message shows, so that a press starts it at once. */
let preparedPop = null;

function popOptions() {
  return { operation: "pop", containerBounds: BOUNDS, interactive: true, parameters: parametersFor("pop") };
}

function preparePop() {
  if (screens.message.hidden) return;
  const id = choosers.pop.value;
  preparedPop = plugin.transition(id, popOptions()).then((t) => ({ id, t }));
  preparedPop.catch(report);
}

async function takePop() {
  const ready = preparedPop ?? plugin.transition(choosers.pop.value, popOptions()).then((t) => ({ id: choosers.pop.value, t }));
  preparedPop = null;
  const { id, t } = await ready;
  if (!t.setup()) throw new Error(`${id} refused to set up a pop`);
  return { id, t };
}

const popRoles = () => ({ from: screens.message, to: screens.inbox });

async function popByButton() {
  if (running || screens.message.hidden) return;
  running = { kind: "pop" };
  try {
    const { t } = await takePop();
    const finished = await play(t, InteractionController.plain(t.duration), performance.now(), popRoles());
    t.complete(finished);
  } finally {
    settlePop(true);
  }
}

function settlePop(finished) {
  rest(screens.message, !finished);
  rest(screens.inbox, finished);
  clearMade();
  running = null;
  if (!finished) preparePop();
}

/** A press near the left edge starts an interactive pop; a press during its finish or cancel catches it. */
async function pressed(event) {
  if (event.button !== 0) return;
  const scale = phone.getBoundingClientRect().width / W;
  if (running && running.kind === "gesture") {
    if (running.gesture.press(event.clientX, event.clientY, event.timeStamp)) phone.setPointerCapture(event.pointerId);
    return;
  }
  const x = (event.clientX - phone.getBoundingClientRect().left) / scale;
  if (running || screens.message.hidden || x > EDGE) return;
  event.preventDefault();
  phone.setPointerCapture(event.pointerId);
  const stamp = event.timeStamp;
  running = { kind: "gesture" };
  let gesture = null, outcome = false;
  try {
    const { id, t } = await takePop();
    gesture = new PointerGesture(t.duration, { axis: "x", direction: 1, distance: W, scale });
    gesture.press(event.clientX, event.clientY, stamp);
    running.gesture = gesture;
    lastGesture = { id, options: popOptions(), gesture };
    outcome = await play(t, gesture.controller, gesture.origin, popRoles());
    t.complete(outcome);
    $("scenario").textContent = gesture.scenario();
  } finally {
    settlePop(outcome);
  }
}

phone.addEventListener("pointerdown", (event) => pressed(event).catch(report));
phone.addEventListener("pointermove", (event) => { if (running && running.gesture && running.gesture.held) running.gesture.move(event.clientX, event.clientY, event.timeStamp); });
for (const type of ["pointerup", "pointercancel"]) {
  phone.addEventListener(type, (event) => { if (running && running.gesture && running.gesture.held) running.gesture.lift(event.clientX, event.clientY, event.timeStamp); });
}

// ---------------------------------------------------------------------------------------------
// Present and dismiss: a sheet over dimming, at the medium detent
// ---------------------------------------------------------------------------------------------

const sheetRoles = (operation) => (operation === "present" ? { to: screens.sheet } : { from: screens.sheet });

/** Presents or dismisses the sheet with the chosen custom-style animator. */
async function modal(operation) {
  if (running) return;
  running = { kind: operation };
  let finished = false;
  try {
    const t = await plugin.transition(choosers.present.value, {
      operation, style: "custom", containerBounds: BOUNDS, presentedFrame: presentation.presentedFrame(BOUNDS), parameters: parametersFor("present"),
    });
    if (!t.setup()) throw new Error(`${choosers.present.value} refused to set up a ${operation}`);
    t.drawsDimming = t.step(0).views.some((v) => v.role === "dimming");
    presentation.willBegin(operation);
    finished = await play(t, InteractionController.plain(t.duration), performance.now(), sheetRoles(operation));
    t.complete(finished);
    presentation.didEnd(finished);
  } finally {
    if (operation === "dismiss" && finished) {
      rest(screens.sheet, false);
      clearMade();
    }
    running = null;
  }
}

// ---------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------

function fill(select, operation, style, wanted) {
  for (const a of plugin.animators().filter((x) => x.operations.includes(operation) && (!style || x.styles.includes(style)))) {
    const option = document.createElement("option");
    option.value = a.id;
    option.textContent = a.name;
    select.appendChild(option);
  }
  if ([...select.options].some((o) => o.value === wanted)) select.value = wanted;
}

const ready = (async () => {
  plugin = await loadPlugin(MODULE);
  fill(choosers.push, "push", null, defaults.push);
  fill(choosers.pop, "pop", null, defaults.pop);
  fill(choosers.present, "present", "custom", defaults.present);
  choosers.pop.addEventListener("change", preparePop);
  for (const item of document.querySelectorAll("#inbox li button")) {
    item.addEventListener("click", () => { if (!running) push(item.dataset.subject).catch(report); });
  }
  $("back").addEventListener("click", () => popByButton().catch(report));
  $("reply").addEventListener("click", () => modal("present").catch(report));
  $("close").addEventListener("click", () => modal("dismiss").catch(report));
  document.body.dataset.ready = "1";
})();
ready.catch(report);

/**
 * For tools and tests: `ready`; `push(subject)`, which resolves once the push's animations have
 * started; `park(fraction)`, which pauses them at that fraction of the push; `running`, the kind
 * of transition under way; and `gesture`, the last pop gesture: its scenario, whether it finishes
 * and is done, `times(fps)` (the engine's sample times of it) and `frames(times)` (the frames its
 * animator gives at those times, stepped in a fresh transition).
 */
window.app = {
  ready,
  push: (subject = "Lunch on Friday?") => push(subject),
  park(fraction) {
    if (!running || running.kind !== "push") return false;
    for (const a of running.animations) { a.pause(); a.currentTime = fraction * running.duration; }
    return nextFrame().then(nextFrame).then(() => true);
  },
  get running() { return running ? running.kind : null; },
  get gesture() {
    if (!lastGesture) return null;
    const c = lastGesture.gesture.controller, end = c.completionTime;
    return { animator: lastGesture.id, scenario: c.scenario(), finishes: c.finishes, done: end !== null && running === null, duration: c.duration };
  },
  times: (fps) => lastGesture.gesture.controller.sampleTimes(fps),
  async frames(times) {
    const c = lastGesture.gesture.controller;
    const run = await plugin.run(lastGesture.id, lastGesture.options, times.map((t) => c.progress(t)));
    return run.frames.map((frame, i) => ({ time: times[i], phase: c.phase(times[i]), frame }));
  },
};
