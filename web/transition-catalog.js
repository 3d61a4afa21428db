/*
 * transition-catalog.js: the Transition Catalog host for web pages.
 *
 * Runs animator plugins built for the wasm32 binding of include/transition_catalog.h (the same
 * `.wasm` files `catalog validate` checks) in the browser's own WebAssembly engine, with the
 * engine's semantics: the same container rules, the same timing services computed by the same
 * algorithms as TransitionCore, the same reset of the view states before each step, and a fresh
 * instance for every transition. An ES module with no dependency and no build step; see
 * docs/web.md for the API.
 */

// ---------------------------------------------------------------------------------------------
// Names and limits of the ABI
// ---------------------------------------------------------------------------------------------

/** The operations, indexed by `tc_operation_t`. */
export const OPERATIONS = Object.freeze(["push", "pop", "present", "dismiss", "tab"]);
/** The presentation styles, indexed by `tc_presentation_style_t`. */
export const STYLES = Object.freeze(["full-screen", "custom"]);
/** The view roles, indexed by `tc_view_role_t`. */
export const ROLES = Object.freeze(["from", "to", "snapshot", "dimming", "shadow", "tile", "decoration"]);
/** The standard timing curves, indexed by `tc_curve_t`, with their control points. */
export const CURVES = Object.freeze([
  ["linear", 0, 0, 1, 1], ["ease", 0.25, 0.1, 0.25, 1], ["ease-in", 0.42, 0, 1, 1], ["ease-out", 0, 0, 0.58, 1],
  ["ease-in-out", 0.42, 0, 0.58, 1], ["material-standard", 0.4, 0, 0.2, 1], ["material-decelerate", 0, 0, 0.2, 1],
  ["material-accelerate", 0.4, 0, 1, 1], ["material-sharp", 0.4, 0, 0.6, 1],
].map(Object.freeze));

const PARAM_TYPES = ["number", "integer", "bool", "choice"];
const LOG_LEVELS = ["debug", "info", "warning", "error", "plugin-misbehaving"];
const VIEW_NONE = -1;
const HOST_ABI = [1, 1, 0];
const BINDING_MAJOR = 1;
const COMPOSITING_ID = "org.transitioncatalog.compositing/1";
const LIMITS = { id: 64, name: 128, text: 2048, animators: 1024, params: 64, choices: 1024, views: 1 << 16 };
const LONGEST_DURATION = 60;

/** The host services a module may import from module `tc_host`. */
const SERVICES = [
  "add_view", "insert_view_below", "remove_view", "snapshot_view", "make_view", "timing_curve", "cubic_bezier",
  "spring", "log", "has_extension", "set_double_sided", "set_camera", "snapshot_rect", "matched_element_count",
  "matched_element",
];
/** The functions the host calls. */
const REQUIRED_EXPORTS = [
  "tc_plugin_entry", "tc_wasm_binding", "tc_wasm_reserve", "tc_wasm_host", "tc_wasm_init", "tc_wasm_duration",
  "tc_wasm_setup", "tc_wasm_step", "tc_wasm_completion",
];

/**
 * The error every function of this module throws. `code` says what went wrong:
 * "module" (not a plugin this host can run), "descriptor" (a descriptor that cannot be read),
 * "argument" (a bad animator id, context or parameter value), "lifecycle" (a call out of order),
 * "fault" (the plugin's code trapped or handed the host a bad address) and "value" (the plugin
 * returned a value the engine refuses, such as a duration of 0).
 */
export class TransitionCatalogError extends Error {
  /**
   * @param {string} code one of the codes above
   * @param {string} message a sentence for developers
   */
  constructor(code, message) {
    super(message);
    this.name = "TransitionCatalogError";
    this.code = code;
  }
}

const fail = (code, message) => { throw new TransitionCatalogError(code, message); };

// ---------------------------------------------------------------------------------------------
// Double-double arithmetic (TransitionCore's DoubleDouble)
// ---------------------------------------------------------------------------------------------

/** The exact error of the product `a * b` rounded to `p`, by Dekker's splitting. */
function productError(a, b, p) {
  const split = (x) => { const c = 134217729 * x; const hi = c - (c - x); return [hi, x - hi]; };
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

const dd = (hi, lo = 0) => ({ hi, lo });
const ddSum = (a, b) => { const s = a + b; const bb = s - a; return dd(s, (a - (s - bb)) + (b - bb)); };
const ddQuickSum = (a, b) => { const s = a + b; return dd(s, b - (s - a)); };
const ddProduct = (a, b) => { const p = a * b; return dd(p, productError(a, b, p)); };
const ddAdd = (a, b) => {
  const s = ddSum(a.hi, b.hi), t = ddSum(a.lo, b.lo);
  const r = ddQuickSum(s.hi, s.lo + t.hi);
  return ddQuickSum(r.hi, r.lo + t.lo);
};
const ddSub = (a, b) => ddAdd(a, dd(-b.hi, -b.lo));
const ddScale = (a, b) => { const p = ddProduct(a.hi, b); return ddQuickSum(p.hi, p.lo + a.lo * b); };

// ---------------------------------------------------------------------------------------------
// Cubic Bézier timing functions (TransitionCore's CubicBezier and BezierGuessTable)
// ---------------------------------------------------------------------------------------------

const GUESS_SEGMENTS = 16;
const VALUE_TOLERANCE = 1e-9;

/** Initial guesses of t(x) and its slope at x = i / segments, limited as Fritsch and Carlson do. */
function guessTable(ax, bx, cx, segments) {
  const entries = new Float64Array(2 * (segments + 1));
  const samples = 4 * segments;
  const h = 1 / segments;
  const x = (t) => ((ax * t + bx) * t + cx) * t;
  const slope = (t) => (3 * ax * t + 2 * bx) * t + cx;
  entries[0] = 0;
  entries[2 * segments] = 1;
  let j = 0, tj = 0, xj = 0, tNext = 1 / samples, xNext = x(tNext);
  for (let i = 1; i < segments; i++) {
    const target = i * h;
    while (xNext < target && j < samples - 1) {
      j += 1;
      tj = tNext;
      xj = xNext;
      tNext = (j + 1) / samples;
      xNext = j + 1 === samples ? 1 : x(tNext);
    }
    const span = xNext - xj;
    const fraction = span > 0 ? Math.min(Math.max((target - xj) / span, 0), 1) : 0.5;
    let t = tj + (tNext - tj) * fraction;
    for (let k = 0; k < 3; k++) {
      const d = slope(t);
      if (!(d > 0)) break;
      const next = t - (x(t) - target) / d;
      if (!(next >= tj && next <= tNext)) break;
      t = next;
    }
    entries[2 * i] = t;
  }
  for (let i = 0; i <= segments; i++) {
    const t = entries[2 * i];
    const d = slope(t);
    const left = i === 0 ? Infinity : t - entries[2 * i - 2];
    const right = i === segments ? Infinity : entries[2 * i + 2] - t;
    entries[2 * i + 1] = Math.min(d > 0 ? h / d : Infinity, 3 * left, 3 * right);
  }
  return entries;
}

/** Chromium's slope before the start of a curve. */
function startGradient(x1, y1, x2, y2) {
  if (x1 > 0) return y1 / x1;
  if (y1 === 0 && x2 > 0) return y2 / x2;
  if (y1 === 0 && y2 === 0) return 1;
  return 0;
}

/** Chromium's slope after the end of a curve. */
function endGradient(x1, y1, x2, y2) {
  if (x2 < 1) return (y2 - 1) / (x2 - 1);
  if (y2 === 1 && x1 < 1) return (y1 - 1) / (x1 - 1);
  if (y2 === 1 && y1 === 1) return 1;
  return 0;
}

/** The CSS timing function cubic-bezier(x1, y1, x2, y2), solved as the engine solves it. */
class CubicBezier {
  constructor(x1, y1, x2, y2) {
    const cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx;
    const cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by;
    Object.assign(this, { ax, bx, cx, ay, by, cy, dax: 3 * ax, dbx: 2 * bx });
    const threeX1 = ddProduct(3, x1), threeX2 = ddProduct(3, x2);
    this.cxExact = threeX1;
    this.bxExact = ddSub(threeX2, ddScale(threeX1, 2));
    this.axExact = ddSub(ddAdd(dd(1), threeX1), threeX2);
    this.startSlope = startGradient(x1, y1, x2, y2);
    this.endSlope = endGradient(x1, y1, x2, y2);
    this.isIdentity = x1 === y1 && x2 === y2;
    const yDerivativeBound = 3 * Math.max(Math.abs(y1), Math.abs(y2 - y1), Math.abs(1 - y2));
    const tolerance = VALUE_TOLERANCE / yDerivativeBound;
    this.parameterTolerance = tolerance;
    const residualError = 16 * Number.EPSILON * (1 + Math.abs(ax) + Math.abs(bx) + Math.abs(cx));
    this.minimumFastSlope = 2 * residualError / tolerance;
    let leastSlope = Math.min(cx, 3 * ax + 2 * bx + cx);
    if (ax !== 0) {
      const vertex = -bx / (3 * ax);
      if (vertex > 0 && vertex < 1) leastSlope = Math.min(leastSlope, (3 * ax * vertex + 2 * bx) * vertex + cx);
    }
    this.directAcceptance = tolerance * leastSlope * 0.5 - residualError;
    const curvatureBound = 6 * Math.max(Math.abs(x2 - 2 * x1), Math.abs(1 - 2 * x2 + x1), 1e-3);
    this.stepAcceptance = 4 * curvatureBound / tolerance;
    this.guesses = guessTable(ax, bx, cx, GUESS_SEGMENTS);
  }

  /** The output for input `x`: y(t) where x(t) = x in [0, 1], the end tangents outside. */
  value(x) {
    if (this.isIdentity) return x;
    if (x > 0 && x < 1) {
      const t = this.solveParameter(x);
      return ((this.ay * t + this.by) * t + this.cy) * t;
    }
    if (x <= 0) return x === 0 || this.startSlope === 0 ? 0 : this.startSlope * x;
    if (x >= 1) return x === 1 || this.endSlope === 0 ? 1 : 1 + this.endSlope * (x - 1);
    return x;
  }

  /** The curve parameter with x(t) = x: Newton steps from a tabulated guess, then bisection. */
  solveParameter(x) {
    if (!(x > 0)) return 0;
    if (!(x < 1)) return 1;
    const { ax, bx, cx, dax, dbx } = this;
    const scaled = x * GUESS_SEGMENTS;
    const index = Math.trunc(scaled);
    const u = scaled - index;
    const g = this.guesses;
    const t0 = g[2 * index], m0 = g[2 * index + 1], t1 = g[2 * index + 2], m1 = g[2 * index + 3];
    const d = t1 - t0;
    let t = t0 + u * (m0 + u * ((3 * d - 2 * m0 - m1) + u * (m0 + m1 - 2 * d)));
    let low = 0, high = 1;
    for (let k = 0; k < 12; k++) {
      const residual = ((ax * t + bx) * t + cx) * t - x;
      if (Math.abs(residual) <= this.directAcceptance) return t;
      const slope = (dax * t + dbx) * t + cx;
      if (!(slope >= this.minimumFastSlope)) {
        if (residual < 0) low = t; else high = t;
        break;
      }
      const step = residual / slope;
      if (step * step * this.stepAcceptance <= slope) return t - step;
      if (residual < 0) low = t; else high = t;
      const next = t - step;
      t = next > low && next < high ? next : 0.5 * (low + high);
    }
    return this.refineParameter(x, low, high);
  }

  /** Bisection of a bracket of the solution, with x(t) - x in double-double. */
  refineParameter(x, low, high) {
    if (this.preciseResidual(low, x) > 0) low = 0;
    if (this.preciseResidual(high, x) < 0) high = 1;
    while (high - low > this.parameterTolerance) {
      const middle = 0.5 * (low + high);
      if (!(middle > low && middle < high)) break;
      const residual = this.preciseResidual(middle, x);
      if (residual < 0) low = middle;
      else if (residual > 0) high = middle;
      else return middle;
    }
    return 0.5 * (low + high);
  }

  /** The sign-accurate value of x(t) - x. */
  preciseResidual(t, x) {
    let p = ddAdd(ddScale(this.axExact, t), this.bxExact);
    p = ddAdd(ddScale(p, t), this.cxExact);
    p = ddSub(ddScale(p, t), dd(x));
    return p.hi;
  }
}

let standardCurves = null;

/**
 * The value at `t` of standard curve `curve` (a `tc_curve_t` index), exactly as the engine's
 * `timing_curve` service computes it: linear is the identity, unknown curves are linear.
 * @param {number} curve 0 (linear) to 8 (material-sharp)
 * @param {number} t the input
 * @returns {number}
 */
export function timingCurve(curve, t) {
  if (!Number.isInteger(curve) || curve <= 0 || curve >= CURVES.length) return t;
  standardCurves ??= CURVES.map(([, x1, y1, x2, y2]) => new CubicBezier(x1, y1, x2, y2));
  return standardCurves[curve].value(t);
}

/**
 * The value at `t` of cubic-bezier(x1, y1, x2, y2), exactly as the engine's `cubic_bezier`
 * service computes it. Returns null when the control points are not finite or x1 or x2 lies
 * outside [0, 1] (the service then answers `t` and records a misbehaviour).
 * @returns {number|null}
 */
export function cubicBezier(x1, y1, x2, y2, t) {
  if (![x1, y1, x2, y2].every(Number.isFinite) || !(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1)) return null;
  return new CubicBezier(x1, y1, x2, y2).value(t);
}

// ---------------------------------------------------------------------------------------------
// Springs (TransitionCore's DampedOscillator and FittedSpring)
// ---------------------------------------------------------------------------------------------

/** The unit in the last place of a finite `x`, as Swift's `Double.ulp`. */
function ulp(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const exponent = view.getUint32(0) & 0x7ff00000;
  if (exponent === 0) return Number.MIN_VALUE;
  view.setUint32(0, exponent);
  view.setUint32(4, 0);
  return view.getFloat64(0) * Number.EPSILON;
}

const minusSign = (x) => x < 0 || Object.is(x, -0);

/** The closed-form motion of x'' + 2ζω0 x' + ω0² x = 0 from displacement x0 and velocity v0. */
class DampedOscillator {
  constructor(omega, zeta, x0, v0) {
    if (Math.abs(zeta - 1) < 1e-9) {
      this.kind = "critical";
      Object.assign(this, { rate: omega, a: x0, b: v0 + omega * x0 });
    } else if (zeta < 1) {
      const decay = zeta * omega;
      const frequency = omega * Math.sqrt(1 - zeta * zeta);
      this.kind = "underdamped";
      Object.assign(this, { decay, frequency, a: x0, b: (v0 + decay * x0) / frequency });
    } else {
      const root = Math.sqrt(zeta * zeta - 1);
      const r2 = -omega * (zeta + root);
      const r1 = -omega / (zeta + root);
      const c2 = (v0 - r1 * x0) / (r2 - r1);
      this.kind = "overdamped";
      Object.assign(this, { r1, r2, c1: x0 - c2, c2 });
    }
  }

  displacement(t) {
    switch (this.kind) {
      case "underdamped": {
        const phase = this.frequency * t;
        return Math.exp(-this.decay * t) * (this.a * Math.cos(phase) + this.b * Math.sin(phase));
      }
      case "critical": return Math.exp(-this.rate * t) * (this.a + this.b * t);
      default: return this.c1 * Math.exp(this.r1 * t) + this.c2 * Math.exp(this.r2 * t);
    }
  }

  velocity(t) {
    switch (this.kind) {
      case "underdamped": {
        const { decay, frequency, a, b } = this, phase = frequency * t;
        const cosine = Math.cos(phase), sine = Math.sin(phase);
        return Math.exp(-decay * t) * ((b * frequency - decay * a) * cosine - (a * frequency + decay * b) * sine);
      }
      case "critical": return Math.exp(-this.rate * t) * (this.b - this.rate * (this.a + this.b * t));
      default: return this.c1 * this.r1 * Math.exp(this.r1 * t) + this.c2 * this.r2 * Math.exp(this.r2 * t);
    }
  }

  /** The time after which the displacement stays within `epsilon` of rest. */
  settlingTime(epsilon) {
    switch (this.kind) {
      case "underdamped":
        if (!(this.decay > 0)) return Infinity;
        return Math.max(0, Math.log((Math.abs(this.a) + Math.abs(this.b)) / epsilon) / this.decay);
      case "critical": {
        const { rate, a, b } = this;
        const extremum = b !== 0 ? 1 / rate - a / b : null;
        const crossing = b !== 0 ? -a / b : null;
        return this.lastCrossing(epsilon, extremum, crossing, 1 / rate);
      }
      default: {
        const { r1, r2, c1, c2 } = this;
        let extremum = null, crossing = null;
        if (c1 !== 0) {
          const ratio = -(c2 * r2) / (c1 * r1);
          if (ratio > 0) extremum = Math.log(ratio) / (r1 - r2);
          const zeroRatio = -c2 / c1;
          if (zeroRatio > 0) crossing = Math.log(zeroRatio) / (r1 - r2);
        }
        return this.lastCrossing(epsilon, extremum, crossing, -1 / r1);
      }
    }
  }

  lastCrossing(epsilon, extremum, zero, scale) {
    const start = Math.abs(this.displacement(0));
    if (extremum !== null && extremum > 0) {
      if (Math.abs(this.displacement(extremum)) > epsilon) return this.decreasingCrossing(epsilon, extremum, scale);
      if (!(start > epsilon)) return 0;
      let end = extremum;
      if (zero !== null && zero > 0 && zero < extremum) end = zero;
      return this.root(epsilon, 0, end);
    }
    if (!(start > epsilon)) return 0;
    return this.decreasingCrossing(epsilon, 0, scale);
  }

  decreasingCrossing(epsilon, start, scale) {
    let step = scale, high = start + step, count = 0;
    while (Math.abs(this.displacement(high)) > epsilon && count < 2000) {
      step *= 2;
      high = start + step;
      count += 1;
    }
    return this.root(epsilon, start, high);
  }

  root(epsilon, low, high) {
    const target = Math.log(epsilon);
    let t = 0.5 * (low + high);
    for (let k = 0; k < 200; k++) {
      const x = this.displacement(t);
      const magnitude = Math.abs(x);
      if (magnitude > epsilon) low = t; else high = t;
      if (high - low <= 4 * ulp(high)) return 0.5 * (low + high);
      if (magnitude > 0) {
        const slope = this.velocity(t) / x;
        if (slope < 0) {
          const candidate = t - (Math.log(magnitude) - target) / slope;
          if (candidate > low && candidate < high) {
            if (Math.abs(candidate - t) <= 1e-14 * candidate) return candidate;
            t = candidate;
            continue;
          }
        }
      }
      t = 0.5 * (low + high);
    }
    return 0.5 * (low + high);
  }
}

/** The natural frequency at which the spring settles (ε = 1e-3) in exactly one unit of time. */
function fittedFrequency(zeta, velocity) {
  const h = (u) => Math.log(new DampedOscillator(Math.exp(u), zeta, -1, velocity).settlingTime(1e-3));
  let a = h(0), ha = h(a);
  if (ha === 0) return Math.exp(a);
  let b = a + ha, hb = h(b), expansions = 0;
  while (minusSign(ha) === minusSign(hb) && hb !== 0 && expansions < 200) {
    const step = Math.max(Math.abs(hb), 0.5) * 2 ** Math.min(expansions, 10);
    a = b;
    ha = hb;
    b += hb > 0 ? step : -step;
    hb = h(b);
    expansions += 1;
  }
  if (hb === 0) return Math.exp(b);
  let side = 0;
  for (let k = 0; k < 200; k++) {
    const u = (a * hb - b * ha) / (hb - ha);
    const hu = h(u);
    if (hu === 0 || Math.abs(b - a) <= 1e-15 * Math.max(1, Math.abs(u))) return Math.exp(u);
    if (minusSign(hu) === minusSign(hb)) {
      b = u;
      hb = hu;
      if (side === -1) ha *= 0.5;
      side = -1;
    } else {
      a = u;
      ha = hu;
      if (side === 1) hb *= 0.5;
      side = 1;
    }
    if (Math.abs(hu) < 1e-15) return Math.exp(u);
  }
  return Math.exp(0.5 * (a + b));
}

/** A spring from 0 to 1 fitted to the whole transition. */
class FittedSpring {
  constructor(dampingRatio, initialVelocity) {
    const zeta = Number.isNaN(dampingRatio) ? 1 : Math.min(Math.max(dampingRatio, 0.05), 1000);
    const velocity = Number.isFinite(initialVelocity) ? Math.min(Math.max(initialVelocity, -1000), 1000) : 0;
    const omega = fittedFrequency(zeta, velocity);
    this.motion = new DampedOscillator(omega, zeta, -1, velocity);
    this.endGap = -this.motion.displacement(1);
  }

  value(progress) {
    if (Number.isNaN(progress)) return progress;
    if (!(progress > 0)) return 0;
    if (!(progress < 1)) return 1;
    return 1 + this.motion.displacement(progress) + progress * this.endGap;
  }
}

/**
 * The position at `progress` of a spring from 0 to 1 fitted to the whole transition, exactly as
 * the engine's `spring` service computes it (UIKit's damping ratio and initial velocity; exactly
 * 0 at 0 and 1 at 1).
 * @param {number} dampingRatio clamped to [0.05, 1000]; NaN counts as 1
 * @param {number} initialVelocity clamped to [-1000, 1000]; not finite counts as 0
 * @param {number} progress
 * @returns {number}
 */
export function spring(dampingRatio, initialVelocity, progress) {
  return new FittedSpring(dampingRatio, initialVelocity).value(progress);
}

// ---------------------------------------------------------------------------------------------
// Interaction (TransitionCore's ReleaseDecision and InteractionController) and presentation
// (its PresentationController)
// ---------------------------------------------------------------------------------------------

/**
 * The value at `t` of a completion curve: a standard curve's name ("linear", "ease-in-out", ...,
 * as in `CURVES`) or the control points [x1, y1, x2, y2] of a cubic Bézier, as TransitionCore's
 * `TimingCurve.value(at:)` computes it.
 * @param {string|number[]} curve
 * @param {number} t
 * @returns {number}
 */
export function curveValue(curve, t) {
  if (Array.isArray(curve)) return new CubicBezier(...curve).value(t);
  const k = CURVES.findIndex(([name]) => name === curve);
  return k === 0 ? t : timingCurve(k, t);
}

/** Checks a completion curve as `InteractionController` options take it. */
function checkCurve(curve) {
  if (Array.isArray(curve)) {
    if (curve.length !== 4 || cubicBezier(...curve, 0) === null) fail("argument", `a completion curve's control points must be four finite numbers with x1 and x2 in [0, 1]; got ${curve}`);
    return [...curve];
  }
  if (!CURVES.some(([name]) => name === curve)) fail("argument", `unknown completion curve '${curve}'; use ${CURVES.map(([n]) => n).join(", ")} or [x1, y1, x2, y2]`);
  return curve;
}

/**
 * Whether a released gesture finishes or cancels, from where it let go and how fast it moved
 * (progress per second, positive towards the end): a flick forward (velocity >= finishVelocity)
 * finishes, a flick back (velocity <= -cancelVelocity) cancels, otherwise it finishes at or past
 * positionThreshold. TransitionCore's `ReleaseDecision`.
 */
export class ReleaseDecision {
  /**
   * @param {number} positionThreshold the fraction at or above which a release without a flick finishes
   * @param {number} finishVelocity progress per second; Infinity for never
   * @param {number} cancelVelocity progress per second; Infinity for never
   */
  constructor(positionThreshold, finishVelocity, cancelVelocity) {
    Object.assign(this, { positionThreshold, finishVelocity, cancelVelocity });
    Object.freeze(this);
  }

  /** A decision from flicks in points per second over a drag of `distance` points (390 by default). */
  static points(positionThreshold, finishPointsPerSecond, cancelPointsPerSecond, distance = 390) {
    return new ReleaseDecision(positionThreshold, finishPointsPerSecond / distance, cancelPointsPerSecond / distance);
  }

  /** True when a gesture let go at `fraction` with `velocity` finishes. */
  finishes(fraction, velocity) {
    if (velocity >= this.finishVelocity) return true;
    if (velocity <= -this.cancelVelocity) return false;
    return fraction >= this.positionThreshold;
  }
}

/** The engine's presets, as `ReleaseDecision.standard` and its siblings. */
export const RELEASE_DECISIONS = Object.freeze({
  standard: ReleaseDecision.points(0.5, 1000, 1000),
  touchwonders: ReleaseDecision.points(1 / 3, 1200, 1200),
  swiftUINavigation: ReleaseDecision.points(0.2, 675, 200),
  positionOnly: new ReleaseDecision(0.5, Infinity, Infinity),
});

const clamp01 = (x) => Math.min(1, Math.max(0, x));
const lerp = (a, b, t) => (t === 1 ? b : a + (b - a) * t);
const seconds = (t) => `${Math.round(t * 1000) / 1000} s`;
const interactionError = (message) => fail("interaction", message);

/**
 * A percent-driven interactive transition on an explicit clock, as TransitionCore's
 * `InteractionController` (UIKit's `UIPercentDrivenInteractiveTransition` made deterministic):
 * events come in with the time they happen, in seconds, and `progress(time)` and `phase(time)`
 * say where the transition is at any time. It starts held by the gesture at `startTime` and
 * `startProgress`; `update` scrubs (a straight line from the previous event, then it holds),
 * `pause` holds or grabs a finishing or cancelling transition where it is, `finish` and `cancel`
 * animate the rest along `completionCurve` in (1 - f) x duration / completionSpeed (or f x ...),
 * and `release` picks one with a `ReleaseDecision`. Phases: "interacting", "finishing",
 * "cancelling", "finished", "cancelled". Refused events throw "interaction" and change nothing.
 */
export class InteractionController {
  /**
   * @param {number} duration the animator's duration in seconds (a non-positive or non-finite
   *   value is taken as 0.001 s)
   * @param {{startTime?: number, startProgress?: number, completionSpeed?: number, completionCurve?: string|number[]}} [options]
   */
  constructor(duration, options = {}) {
    this.duration = Number.isFinite(duration) && duration > 0 ? duration : 0.001;
    this.completionSpeed = options.completionSpeed ?? 1;
    this.completionCurve = checkCurve(options.completionCurve ?? "ease-in-out");
    const start = options.startTime ?? 0, p = clamp01(options.startProgress ?? 0);
    /** The motions so far: {phase, startTime, endTime, span, startProgress, targetProgress, endProgress, curve}. */
    this.segments = [{ phase: "interacting", startTime: start, endTime: start, span: 0, startProgress: p, targetProgress: p, endProgress: p, curve: "linear" }];
    /** The events so far: {kind, time, progress, phaseBefore} plus fraction, velocity and finishes where they apply. */
    this.events = [];
    this.lastEventTime = start;
  }

  /** A plain run: from 0 to 1 in `duration`, linear, starting at `startTime`. */
  static plain(duration, startTime = 0) {
    const c = new InteractionController(duration, { startTime, completionCurve: "linear" });
    c.finish(startTime);
    return c;
  }

  /** When the transition started. */
  get startTime() { return this.segments[0].startTime; }
  /** The phase right after the last event. */
  get currentPhase() { return this.phase(this.lastEventTime); }
  /** When the finish or cancel animation under way ends; null while a gesture holds it. */
  get completionTime() {
    const last = this.segments[this.segments.length - 1];
    return last.phase === "interacting" ? null : last.endTime;
  }
  /** True when it ends (or ended) at 1, false at 0, null while a gesture holds it. */
  get finishes() {
    const phase = this.segments[this.segments.length - 1].phase;
    return phase === "interacting" ? null : phase === "finishing" || phase === "finished";
  }

  /** The index of the segment that defines the progress at `time`. */
  segmentAt(time) {
    let low = 0, high = this.segments.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.segments[mid].startTime <= time) low = mid; else high = mid - 1;
    }
    return low;
  }

  /** The phase at `time`. */
  phase(time) {
    const index = this.segmentAt(time), s = this.segments[index];
    if (index === this.segments.length - 1 && time >= s.endTime) {
      if (s.phase === "finishing") return "finished";
      if (s.phase === "cancelling") return "cancelled";
    }
    return s.phase;
  }

  /** The progress at `time`: exactly 1 or 0 after a finish or cancel. */
  progress(time) {
    const s = this.segments[this.segmentAt(time)];
    if (time <= s.startTime) return s.startProgress;
    if (time >= s.endTime) return s.endProgress;
    if (!(s.span > 0)) return s.targetProgress;
    const u = (time - s.startTime) / s.span;
    return lerp(s.startProgress, s.targetProgress, curveValue(s.curve, Math.min(1, u)));
  }

  /**
   * The times worth sampling from the start to the end (or `until`, or the last event while the
   * gesture holds it), in order, as the engine samples them: every event and segment start, a
   * tick every 1 / framesPerSecond seconds (skipped within a microsecond of an event), the end.
   */
  sampleTimes(framesPerSecond, until = null) {
    const end = until ?? this.completionTime ?? this.lastEventTime;
    const step = 1 / Math.max(1, Number.isFinite(framesPerSecond) ? framesPerSecond : 1);
    const exact = new Set([this.startTime, end]);
    for (const s of this.segments) if (s.startTime <= end) exact.add(s.startTime);
    for (const e of this.events) if (e.time <= end) exact.add(e.time);
    const marks = [...exact].sort((a, b) => a - b), times = [...marks];
    let next = 0;
    for (let i = 1; this.startTime + i * step < end; i++) {
      const t = this.startTime + i * step;
      while (next < marks.length && marks[next] < t - 1e-6) next++;
      if (next >= marks.length || Math.abs(marks[next] - t) > 1e-6) times.push(t);
    }
    return times.sort((a, b) => a - b);
  }

  /** Scrubs to `fraction` (clamped to 0...1) at `time`. */
  update(fraction, time) {
    if (!Number.isFinite(fraction)) interactionError(`update: the fraction must be a finite number; got ${fraction}`);
    this.checkTime(time, "update");
    const phase = this.currentPhase;
    if (phase !== "interacting") this.notHeld("update", phase);
    const from = this.progress(this.lastEventTime), to = clamp01(fraction);
    this.append({ phase: "interacting", startTime: this.lastEventTime, endTime: time, span: time - this.lastEventTime, startProgress: from, targetProgress: to, endProgress: to, curve: "linear" });
    this.record({ kind: "update", fraction }, time, phase);
  }

  /** Holds the transition at `time`; while it finishes or cancels, grabs it where it is. */
  pause(time) {
    this.checkTime(time, "pause");
    const phase = this.phase(time);
    if (phase !== "interacting") {
      const p = this.progress(time), last = this.segments[this.segments.length - 1];
      last.endTime = time;
      last.endProgress = p;
      this.append({ phase: "interacting", startTime: time, endTime: time, span: 0, startProgress: p, targetProgress: p, endProgress: p, curve: "linear" });
    }
    this.record({ kind: "pause" }, time, phase);
  }

  /** Animates to 1 from `time`. */
  finish(time) { this.settle(true, time, { kind: "finish" }); }

  /** Animates back to 0 from `time`. */
  cancel(time) { this.settle(false, time, { kind: "cancel" }); }

  /**
   * Lets go with `velocity` (progress per second) at `time`; `decision` (standard by default)
   * picks finish or cancel. Returns true when it finishes.
   */
  release(velocity, time, decision = RELEASE_DECISIONS.standard) {
    if (!Number.isFinite(velocity)) interactionError(`release: the velocity must be a finite number; got ${velocity}`);
    this.checkTime(time, "release");
    const phase = this.currentPhase;
    if (phase !== "interacting") this.notHeld("release", phase);
    const finishes = decision.finishes(this.progress(time), velocity);
    this.settle(finishes, time, { kind: "release", velocity, finishes });
    this.events[this.events.length - 1].decision = decision;
    return finishes;
  }

  settle(toEnd, time, event) {
    const name = toEnd ? "finish" : "cancel";
    this.checkTime(time, name);
    const phase = this.currentPhase;
    if (phase !== "interacting") this.notHeld(name, phase);
    if (!(Number.isFinite(this.completionSpeed) && this.completionSpeed > 0)) {
      interactionError(`${name}: the completion speed must be a finite number greater than 0; got ${this.completionSpeed}`);
    }
    const p = this.progress(time), target = toEnd ? 1 : 0;
    const span = Math.abs(target - p) * this.duration / this.completionSpeed;
    this.append({ phase: toEnd ? "finishing" : "cancelling", startTime: time, endTime: time + span, span, startProgress: p, targetProgress: target, endProgress: target, curve: this.completionCurve });
    this.record(event, time, phase);
  }

  append(segment) {
    const last = this.segments[this.segments.length - 1];
    if (last.phase === "interacting" && last.endTime === last.startTime && last.startTime === segment.startTime) this.segments[this.segments.length - 1] = segment;
    else this.segments.push(segment);
  }

  record(event, time, phaseBefore) {
    this.lastEventTime = time;
    this.events.push({ ...event, time, progress: this.progress(time), phaseBefore });
  }

  checkTime(time, name) {
    if (!Number.isFinite(time)) interactionError(`${name}: the time must be a finite number of seconds; got ${time}`);
    if (time < this.lastEventTime) interactionError(`${name} at ${seconds(time)} comes before the previous event at ${seconds(this.lastEventTime)}; events must be in time order`);
    const end = this.completionTime, finishes = this.finishes;
    if (end !== null && time >= end) interactionError(`${name} at ${seconds(time)} comes after the transition ${finishes ? "finished" : "was cancelled"} at ${seconds(end)}; grab it before it ends`);
  }

  notHeld(name, phase) { interactionError(`${name} needs the gesture to hold the transition, but it is ${phase}; grab it first`); }

  /**
   * The events as a scenario of `catalog preview --interactive` (`scrub 0.3 @0.2; release v=1.5
   * @0.4`), with times from `startTime`, which replays them exactly when every time and number
   * reads back as the same double (as the page's gestures, quantized, do). Completion speeds and
   * curves other than the defaults are written as options.
   */
  scenario() {
    const n = (x) => String(x);
    const options = () => {
      const out = [];
      if (this.completionSpeed !== 1) out.push(`speed=${n(this.completionSpeed)}`);
      const c = this.completionCurve;
      if (Array.isArray(c)) out.push(`curve=cubic-bezier(${c.join(",")})`);
      else if (c !== "ease-in-out") out.push(`curve=${c}`);
      return out;
    };
    return this.events.map((e) => {
      const at = `@${n(e.time - this.startTime)}`;
      switch (e.kind) {
        case "update": return `scrub ${n(e.fraction)} ${at}`;
        case "pause": return `grab ${at}`;
        case "release": return ["release", `v=${n(e.velocity)}`, ...options(), at].join(" ");
        default: return [e.kind, ...options(), at].join(" ");
      }
    }).join("; ");
  }
}

/**
 * The chrome of a custom-style presentation, as TransitionCore's `PresentationController`:
 * where the presented screen sits and the dimming view behind it, which fades alongside the
 * animator with the transition's progress. Layout: "card" (the default presented frame),
 * {sheet: heightFraction} (a detent: "medium" is 0.5, "large" 1) or {frame: rect}. States:
 * "dismissed", "presenting", "presented", "dismissing".
 */
export class Presentation {
  /**
   * @param {{layout?: "card"|{sheet: number}|{frame: object}, dimming?: {red: number, green: number, blue: number, alpha: number}}} [options]
   */
  constructor(options = {}) {
    this.layout = options.layout ?? "card";
    this.dimming = { red: 0, green: 0, blue: 0, alpha: 0.5, ...(options.dimming ?? {}) };
    this.state = options.state ?? "dismissed";
    /** The hooks run so far: "presentation-will-begin", "presentation-did-end(completed)", ... */
    this.events = [];
  }

  /** The presented screen's frame in a container with `bounds`. */
  presentedFrame(bounds) {
    const layout = this.layout;
    if (layout === "card") return defaultPresentedFrame(bounds);
    if (layout.frame) return rectOf(layout.frame);
    const f = clamp01(Number.isFinite(layout.sheet) ? layout.sheet : 1);
    const height = roundHalfAway(bounds.height * f);
    return { x: bounds.x, y: bounds.y + bounds.height - height, width: bounds.width, height };
  }

  /** True while the dimming view is in the container. */
  get hasDimmingView() { return this.state !== "dismissed"; }

  /** The dimming view's alpha at `progress` of the transition under way. */
  dimmingAlpha(progress) {
    const p = clamp01(progress);
    switch (this.state) {
      case "presenting": return p === 1 ? 1 : p;
      case "dismissing": return p === 1 ? 0 : 1 - p;
      case "presented": return 1;
      default: return 0;
    }
  }

  /** Runs the will-begin hook of "present" or "dismiss"; throws "lifecycle" out of order. */
  willBegin(operation) {
    if (operation === "present" && this.state === "dismissed") { this.state = "presenting"; this.events.push("presentation-will-begin"); return; }
    if (operation === "dismiss" && this.state === "presented") { this.state = "dismissing"; this.events.push("dismissal-will-begin"); return; }
    fail("lifecycle", `${operation} cannot begin while the presentation is ${this.state}`);
  }

  /** Runs the did-end hook of the present or dismiss under way. */
  didEnd(completed) {
    const word = completed ? "completed" : "cancelled";
    if (this.state === "presenting") { this.state = completed ? "presented" : "dismissed"; this.events.push(`presentation-did-end(${word})`); return; }
    if (this.state === "dismissing") { this.state = completed ? "dismissed" : "presented"; this.events.push(`dismissal-did-end(${word})`); return; }
    fail("lifecycle", `no present or dismiss is under way; the presentation is ${this.state}`);
  }

  /**
   * `frame` with the dimming view placed under the container's views, as the engine's driver
   * composes it: the whole container, this fill, `dimmingAlpha(frame.progress)`, the lowest z
   * index; the container's views move up one place. Unchanged while dismissed.
   */
  compose(frame, bounds) {
    if (!this.hasDimmingView) return frame;
    const views = frame.views.map((v) => ({ ...v, containerIndex: v.containerIndex === null ? null : v.containerIndex + 1 }));
    views.push({
      id: frame.views.length, role: "dimming", source: null, containerIndex: 0,
      state: {
        frame: rectOf(bounds), alpha: this.dimmingAlpha(frame.progress), transform: [...IDENTITY], cornerRadius: 0,
        zIndex: LOWEST_Z, hidden: false, color: { ...this.dimming }, doubleSided: true, content: null,
      },
    });
    return { ...frame, views };
  }
}

/**
 * A pointer's drag as the gesture of an `InteractionController`: a press starts the gesture (or
 * grabs a finishing or cancelling transition where it is), moves scrub it, the lift releases it
 * with the pointer's velocity. The drag runs along `axis` ("x" or "y"), `direction` +1 when
 * moving right or down advances the transition and -1 when left or up does, and crosses the
 * whole transition over `distance` points; positions are in page pixels, `scale` pixels to a
 * point. Times are milliseconds (`event.timeStamp`); the first press is time 0 of the gesture.
 *
 * The events are quantized before the controller takes them (time to 0.1 ms, fraction to 1e-5,
 * velocity to 1e-4 progress per second), so that `scenario()`, given to
 * `catalog preview --interactive`, replays the very same controller. A move within 0.1 ms of the
 * previous event is skipped; a lift there comes 0.1 ms later.
 */
export class PointerGesture {
  /**
   * @param {number} duration the transition's duration in seconds
   * @param {{axis?: string, direction?: number, distance: number, scale?: number, decision?: ReleaseDecision,
   *   completionSpeed?: number, completionCurve?: string|number[], velocityWindow?: number}} options
   */
  constructor(duration, options) {
    this.axis = options.axis ?? "x";
    this.direction = options.direction ?? 1;
    this.distance = options.distance;
    this.scale = options.scale ?? 1;
    this.decision = options.decision ?? RELEASE_DECISIONS.standard;
    this.velocityWindow = options.velocityWindow ?? 100;
    this.controller = new InteractionController(duration, { completionSpeed: options.completionSpeed, completionCurve: options.completionCurve });
    this.origin = null;
    this.down = null;
    this.samples = [];
  }

  /** The drags along the natural axis of `operation`: left for push and tab, right for pop, up for present, down for dismiss. */
  static axis(operation) {
    return { push: ["x", -1], tab: ["x", -1], pop: ["x", 1], present: ["y", -1], dismiss: ["y", 1] }[operation] ?? ["x", -1];
  }

  /** Seconds from the gesture's start, to 0.1 ms. */
  time(ms) { return Math.round((ms - this.origin) * 10) / 10000; }

  /** The time of an event that must come after the controller's last: `time(ms)`, or 0.1 ms after that event. */
  after(ms) {
    const t = this.time(ms), last = this.controller.lastEventTime;
    return t > last ? t : Math.round(last * 1e4 + 1) / 1e4;
  }

  /** Where the pointer is along the axis, in points. */
  position(x, y) { return (this.axis === "x" ? x : y) / this.scale; }

  /** True while the pointer holds the transition. */
  get held() { return this.down !== null; }

  /** The press: starts the gesture, or grabs the transition while it finishes or cancels. Returns false when it cannot (it already ended). */
  press(x, y, ms) {
    const c = this.controller;
    if (this.origin === null) this.origin = ms;
    if (this.held) return false;
    const t = c.events.length > 0 ? this.after(ms) : this.time(ms);
    if (c.events.length > 0) {
      const end = c.completionTime;
      if (end !== null && t >= end) return false;
      c.pause(t);
    }
    this.down = { at: this.position(x, y), progress: c.progress(t) };
    this.samples = [{ ms, at: this.down.at }];
    return true;
  }

  /** The fraction the pointer has dragged the transition to. */
  fraction(x, y) {
    const f = this.down.progress + this.direction * (this.position(x, y) - this.down.at) / this.distance;
    return Math.round(clamp01(f) * 1e5) / 1e5;
  }

  /** A move: scrubs the held transition to where the pointer is. */
  move(x, y, ms) {
    if (!this.held) return;
    this.samples.push({ ms, at: this.position(x, y) });
    while (this.samples.length > 2 && ms - this.samples[1].ms > this.velocityWindow) this.samples.shift();
    const t = this.time(ms), c = this.controller;
    if (t <= c.lastEventTime || (c.events.length === 0 && t <= 0)) return;
    const f = this.fraction(x, y);
    if (f !== c.progress(c.lastEventTime)) c.update(f, t);
  }

  /** The lift: scrubs to where the pointer let go, then releases with its velocity. Returns true when the transition finishes. */
  lift(x, y, ms) {
    if (!this.held) return null;
    this.move(x, y, ms);
    const first = this.samples[0], last = { ms, at: this.position(x, y) };
    const span = (last.ms - first.ms) / 1000;
    const velocity = span > 0 ? Math.round(this.direction * (last.at - first.at) / this.distance / span * 1e4) / 1e4 : 0;
    const t = this.after(ms);
    this.down = null;
    return this.controller.release(velocity + 0, t, this.decision);
  }

  /** The progress and phase at `ms`. */
  at(ms) {
    if (this.origin === null) return { progress: 0, phase: "interacting", time: 0 };
    const t = Math.max(0, (ms - this.origin) / 1000);
    return { progress: this.controller.progress(t), phase: this.controller.phase(t), time: t };
  }

  /** The gesture as a `catalog preview --interactive` scenario. */
  scenario() { return this.controller.scenario(); }
}

/** The z index of what lies under the container (TransitionCore's `Backdrop.zIndex`). */
const LOWEST_Z = -2147483648;

// ---------------------------------------------------------------------------------------------
// Drawing: a view's CSS transform
// ---------------------------------------------------------------------------------------------

/** The product a x b of two column-major 4x4 matrices. */
function multiply(a, b) {
  const r = new Array(16).fill(0);
  for (let c = 0; c < 4; c++) for (let row = 0; row < 4; row++) {
    let s = 0;
    for (let k = 0; k < 4; k++) s += a[k * 4 + row] * b[c * 4 + k];
    r[c * 4 + row] = s;
  }
  return r;
}

const translation = (x, y) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, 0, 1];

/**
 * The CSS `matrix3d` (16 numbers, column-major) that draws a view of a frame where the engine
 * puts it, for an element with the default `transform-origin` (its centre): the view's transform
 * about its centre, seen through the container's `camera` (a frame's `camera`, null for none).
 * With `box` (the element's layout, {x, y, width, height} in container coordinates), the
 * element may be laid out elsewhere and at another size than the view's frame, as a view
 * transition's snapshot is: the matrix then also moves its centre to the frame's and scales it
 * to the frame's size. See "The compositing model" in include/transition_catalog.h.
 * @param {object} state a view's state: frame, transform
 * @param {object|null} camera
 * @param {object} [box]
 * @returns {number[]}
 */
export function viewMatrix(state, camera, box = null) {
  const f = state.frame, cx = f.x + f.width / 2, cy = f.y + f.height / 2;
  let m = state.transform;
  if (camera) {
    const p = translation(0, 0);
    if (camera.eyeDistance > 0) p[11] = -1 / camera.eyeDistance;
    const seen = multiply(multiply(multiply(translation(camera.centerX, camera.centerY), p), camera.sublayerTransform), translation(-camera.centerX, -camera.centerY));
    m = multiply(multiply(multiply(translation(-cx, -cy), seen), translation(cx, cy)), m);
  }
  if (!box) return m;
  const scale = [f.width / box.width, 0, 0, 0, 0, f.height / box.height, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  return multiply(multiply(translation(cx - (box.x + box.width / 2), cy - (box.y + box.height / 2)), m), scale);
}

/**
 * The views of `frame` that are in the container, in the order they are drawn, bottom first: by
 * z index, then by place in the container (see "The compositing model" in the C header).
 * @param {object} frame
 * @returns {object[]}
 */
export function drawOrder(frame) {
  return frame.views.filter((v) => v.containerIndex !== null).sort((a, b) => a.state.zIndex - b.state.zIndex || a.containerIndex - b.containerIndex);
}

/**
 * Puts a view's `state` on an absolutely placed element's inline `style`: its frame (in
 * container coordinates, less `origin`), opacity, corner radius (clamped to half the shorter
 * side), `matrix3d` under `camera`, visibility, one-sidedness and `zIndex`. The element keeps
 * its own background; a made view's colour is `cssColor(state.color)`.
 * @param {CSSStyleDeclaration} style
 * @param {object} state
 * @param {object|null} camera
 * @param {{x: number, y: number}} origin
 * @param {number} zIndex
 */
export function placeElement(style, state, camera, origin, zIndex) {
  const f = state.frame;
  style.left = f.x - origin.x + "px";
  style.top = f.y - origin.y + "px";
  style.width = f.width + "px";
  style.height = f.height + "px";
  style.opacity = Math.min(1, Math.max(0, state.alpha));
  style.borderRadius = Math.max(0, Math.min(state.cornerRadius, f.width / 2, f.height / 2)) + "px";
  style.transform = "matrix3d(" + viewMatrix(state, camera).join(",") + ")";
  style.zIndex = zIndex;
  style.visibility = state.hidden ? "hidden" : "visible";
  style.backfaceVisibility = state.doubleSided ? "visible" : "hidden";
}

/** A view colour ({red, green, blue, alpha}, 0...1) as a CSS `rgba()`. */
export function cssColor(c) {
  return "rgba(" + [c.red, c.green, c.blue].map((x) => Math.round(x * 255)).join(",") + "," + c.alpha + ")";
}

// ---------------------------------------------------------------------------------------------
// Linear memory, bounds-checked
// ---------------------------------------------------------------------------------------------

const utf8 = new TextDecoder("utf-8");
const encoder = new TextEncoder();

/** A module's linear memory; every read and write checks its range first. */
class LinearMemory {
  constructor(memory, onError) {
    this.memory = memory;
    this.onError = onError;
  }

  get size() { return this.memory.buffer.byteLength; }

  /** A DataView of `count` bytes at `address`, after checking they exist. */
  view(address, count, what) {
    if (!(address >= 0 && count >= 0 && address + count <= this.size)) {
      this.onError(`${what} at address ${address} (${count} bytes) lies outside the module's ${this.size}-byte memory`);
    }
    return new DataView(this.memory.buffer, address, count);
  }

  u32(address, what = "a value") { return this.view(address, 4, what).getUint32(0, true); }
  i32(address, what = "a value") { return this.view(address, 4, what).getInt32(0, true); }
  f64(address, what = "a value") { return this.view(address, 8, what).getFloat64(0, true); }
  rect(address, what) {
    const v = this.view(address, 32, what);
    return { x: v.getFloat64(0, true), y: v.getFloat64(8, true), width: v.getFloat64(16, true), height: v.getFloat64(24, true) };
  }

  /** The NUL-terminated string at `address`, cut at `limit` bytes. */
  string(address, limit, what) {
    if (address >= this.size) this.view(address, 1, what);
    const available = this.size - address;
    const bytes = new Uint8Array(this.memory.buffer, address, Math.min(available, limit + 1));
    const end = bytes.indexOf(0);
    if (end < 0 && available <= limit) this.onError(`${what} at address ${address} has no terminating NUL before the end of memory`);
    return utf8.decode(bytes.slice(0, end < 0 ? bytes.length : end));
  }

  /** Copies `bytes` to `address`. */
  write(address, bytes, what = "a value") {
    this.view(address, bytes.length, what);
    new Uint8Array(this.memory.buffer, address, bytes.length).set(bytes);
  }
}

// ---------------------------------------------------------------------------------------------
// Descriptors (the wasm32 layout of tc_plugin_t, tc_animator_t and tc_param_t)
// ---------------------------------------------------------------------------------------------

const maskNames = (mask, names) => names.filter((_, i) => mask & (1 << i));

/** A descriptor string: NULL reads as "", longer than `limit` bytes is refused. */
function descriptorString(memory, slot, limit, what) {
  const address = memory.u32(slot, what);
  if (address === 0) return "";
  const text = memory.string(address, LIMITS.text, what);
  if (encoder.encode(text).length > limit) fail("descriptor", `${what} is longer than ${limit} bytes`);
  return text;
}

function readParam(memory, address) {
  memory.view(address, 56, "a parameter descriptor");
  const id = descriptorString(memory, address, LIMITS.id, "a parameter's id");
  const type = memory.u32(address + 16);
  if (type >= PARAM_TYPES.length) fail("descriptor", `parameter ${id} has the unknown type ${type}`);
  const count = memory.u32(address + 48);
  if (count > LIMITS.choices) fail("descriptor", `parameter ${id} has ${count} choices; at most ${LIMITS.choices}`);
  const list = memory.u32(address + 52);
  const choices = [];
  if (type === 3 && list !== 0) {
    for (let i = 0; i < count; i++) choices.push(descriptorString(memory, list + 4 * i, LIMITS.id, "a parameter's choice"));
  }
  return Object.freeze({
    id, name: descriptorString(memory, address + 4, LIMITS.name, "a parameter's name"),
    doc: descriptorString(memory, address + 8, LIMITS.text, "a parameter's doc"),
    unit: descriptorString(memory, address + 12, LIMITS.id, "a parameter's unit"),
    type: PARAM_TYPES[type], defaultValue: memory.f64(address + 24), min: memory.f64(address + 32),
    max: memory.f64(address + 40), choices: Object.freeze(choices),
  });
}

function readAnimator(memory, address) {
  memory.view(address, 64, "an animator descriptor");
  const major = memory.u32(address);
  if (major !== HOST_ABI[0]) fail("descriptor", `an animator is built for ABI ${major}, this host speaks ${HOST_ABI[0]}`);
  const id = descriptorString(memory, address + 12, LIMITS.id, "an animator's id");
  const paramCount = memory.u32(address + 36);
  if (paramCount > LIMITS.params) fail("descriptor", `animator ${id} has ${paramCount} parameters; at most ${LIMITS.params}`);
  const params = memory.u32(address + 40);
  if (paramCount > 0 && params === 0) fail("descriptor", `animator ${id} has ${paramCount} parameters and no list`);
  const parameters = [];
  for (let i = 0; i < paramCount; i++) parameters.push(readParam(memory, params + 56 * i));
  const operations = memory.u32(address + 24), styles = memory.u32(address + 28);
  for (const [name, offset] of [["duration", 48], ["setup", 52], ["step", 56]]) {
    if (memory.u32(address + offset) === 0) fail("descriptor", `animator ${id} has no ${name} function`);
  }
  return Object.freeze({
    id, name: descriptorString(memory, address + 16, LIMITS.name, "an animator's name"),
    summary: descriptorString(memory, address + 20, LIMITS.text, "an animator's summary"),
    operations: Object.freeze(maskNames(operations, OPERATIONS)),
    styles: Object.freeze(styles === 0 ? ["full-screen"] : maskNames(styles, STYLES)),
    reversible: (memory.u32(address + 32) & 1) !== 0,
    parameters: Object.freeze(parameters),
    address,
  });
}

function readPlugin(memory, address) {
  memory.view(address, 56, "the plugin descriptor");
  const abi = [0, 4, 8].map((o) => memory.u32(address + o));
  if (abi[0] !== HOST_ABI[0]) fail("descriptor", `the plugin is built for ABI ${abi.join(".")}; this host speaks ${HOST_ABI.join(".")}`);
  const count = memory.u32(address + 36);
  if (count > LIMITS.animators) fail("descriptor", `the plugin has ${count} animators; at most ${LIMITS.animators}`);
  const list = memory.u32(address + 40);
  const animators = [];
  for (let i = 0; i < count; i++) {
    const at = memory.u32(list + 4 * i, "the plugin's animator list");
    if (at === 0) fail("descriptor", `animator ${i} of the plugin's list is NULL`);
    animators.push(readAnimator(memory, at));
  }
  const field = (offset, limit, what) => descriptorString(memory, address + offset, limit, what);
  return {
    abi: { major: abi[0], minor: abi[1], patch: abi[2] },
    id: field(12, LIMITS.name, "the plugin's id"), name: field(16, LIMITS.name, "the plugin's name"),
    vendor: field(20, LIMITS.name, "the plugin's vendor"), version: field(24, LIMITS.id, "the plugin's version"),
    description: field(28, LIMITS.text, "the plugin's description"), license: field(32, LIMITS.name, "the plugin's license"),
    animators, init: memory.u32(address + 44),
  };
}

// ---------------------------------------------------------------------------------------------
// Instances: one sandbox per transition, laid out as the Swift host lays it out
// ---------------------------------------------------------------------------------------------

const SCRATCH_SIZE = 64 << 10;
const PARAMS_OFFSET = 256;
const STATE_SLOT_OFFSET = 256 + 8 * LIMITS.params;
const STRINGS_OFFSET = STATE_SLOT_OFFSET + 16;
const VIEW_STATE_SIZE = 216;
const PAGE_VIEW_COUNT = Math.floor(65536 / VIEW_STATE_SIZE);
const HEAP_ROOM = 256 << 10;

/** One instance of a plugin's module: its memory, the host's scratch area in it, its imports. */
class Instance {
  /** Instantiates `module`, runs its reactor initializer and checks its binding and entry. */
  static async make(module, expectedEntry = null) {
    const me = new Instance();
    const imports = { tc_host: Object.fromEntries(SERVICES.map((name) => [name, (...args) => me.serve(name, args)])) };
    me.instance = await WebAssembly.instantiate(module, imports);
    me.exports = me.instance.exports;
    me.memory = new LinearMemory(me.exports.memory, (detail) => me.fault(detail));
    if (typeof me.exports._initialize === "function") me.call("_initialize", []);
    const binding = me.call("tc_wasm_binding", []) >>> 0;
    if (binding >>> 16 !== BINDING_MAJOR) {
      fail("module", `the module speaks wasm binding ${binding >>> 16}.${binding & 0xffff}, but this host speaks ${BINDING_MAJOR}.x; rebuild it against this transition_catalog.h`);
    }
    me.entry = me.call("tc_plugin_entry", []) >>> 0;
    if (expectedEntry !== null && me.entry !== expectedEntry) {
      me.fault(`tc_plugin_entry gave the descriptor at ${me.entry} in a fresh instance, not ${expectedEntry}`);
    }
    me.hostTable = me.call("tc_wasm_host", []) >>> 0;
    return me;
  }

  constructor() {
    this.session = null;
    this.callName = "load";
    this.progress = null;
    this.scratch = 0;
    this.views = 0;
    this.viewCapacity = 0;
    this.matchedIDs = new Map();
  }

  /** Readies the instance for a transition as the Swift host readies a restorable one. */
  prepare() {
    this.reserveScratch();
    this.reserveViews(PAGE_VIEW_COUNT);
    if (typeof this.exports.tc_wasm_heap === "function") this.call("tc_wasm_heap", [HEAP_ROOM], "load");
  }

  /** Throws a fault naming the call under way. */
  fault(detail) {
    const at = this.progress === null ? "" : ` at progress ${this.progress}`;
    fail("fault", `${this.callName}${at}: ${detail}`);
  }

  /** Calls export `name`; a trap becomes a fault. */
  call(name, args, callName = name.replace(/^tc_wasm_/, ""), progress = null) {
    this.callName = callName;
    this.progress = progress;
    try {
      return this.exports[name](...args);
    } catch (error) {
      if (error instanceof TransitionCatalogError) throw error;
      this.fault(`trapped: ${error && error.message ? error.message : error}`);
    }
  }

  reserve(bytes, what) {
    const address = this.call("tc_wasm_reserve", [bytes], this.callName, this.progress) >>> 0;
    if (address === 0) this.fault(`${what} could not be reserved`);
    this.memory.view(address, bytes, what);
    return address;
  }

  reserveScratch() {
    if (this.scratch !== 0) return;
    this.scratch = this.reserve(SCRATCH_SIZE, "the host's scratch area of 64 KiB");
    this.scratchEnd = this.scratch + SCRATCH_SIZE;
    this.stringsTop = this.scratch + STRINGS_OFFSET;
  }

  reserveViews(capacity) {
    this.views = this.reserve(capacity * VIEW_STATE_SIZE, `room for ${capacity} view states`);
    this.viewCapacity = capacity;
  }

  /** Copies `text` into the scratch area's strings and returns its address. */
  string(text) {
    this.reserveScratch();
    const bytes = new Uint8Array([...encoder.encode(text), 0]);
    if (this.stringsTop + bytes.length > this.scratchEnd) {
      const size = Math.max(bytes.length, SCRATCH_SIZE);
      this.stringsTop = this.reserve(size, "room for a string");
      this.scratchEnd = this.stringsTop + size;
    }
    const address = this.stringsTop;
    this.memory.write(address, bytes);
    this.stringsTop += (bytes.length + 7) & ~7;
    return address;
  }

  /** Writes the module's view of `session`'s context into the scratch area. */
  writeContext(session) {
    this.session = session;
    this.reserveScratch();
    const c = session.context, base = this.scratch;
    const v = this.memory.view(base, 216, "the context");
    for (let i = 0; i < 216; i++) v.setUint8(i, 0);
    HOST_ABI.forEach((n, i) => v.setUint32(4 * i, n, true));
    v.setUint32(12, c.operationIndex, true);
    v.setUint32(16, c.styleIndex, true);
    v.setUint8(20, c.interactive ? 1 : 0);
    v.setUint32(24, c.tabFromIndex, true);
    v.setUint32(28, c.tabToIndex, true);
    const rect = (offset, r) => [r.x, r.y, r.width, r.height].forEach((n, i) => v.setFloat64(offset + 8 * i, n, true));
    rect(32, c.containerBounds);
    v.setInt32(64, c.fromView, true);
    v.setInt32(68, c.toView, true);
    rect(72, c.fromInitialFrame);
    rect(104, c.fromFinalFrame);
    rect(136, c.toInitialFrame);
    rect(168, c.toFinalFrame);
    v.setUint32(200, base + PARAMS_OFFSET, true);
    v.setUint32(204, session.parameters.length, true);
    v.setUint32(208, this.hostTable, true);
    const p = this.memory.view(base + PARAMS_OFFSET, 8 * session.parameters.length, "the parameter values");
    session.parameters.forEach((n, i) => p.setFloat64(8 * i, n, true));
  }

  /** Serves import `name` for the session whose call is under way. */
  serve(name, args) {
    const session = this.session;
    if (!session) this.fault(`called the host service \`${name}\` outside a transition call`);
    return session.serve(this, name, args);
  }
}

// ---------------------------------------------------------------------------------------------
// The transition context
// ---------------------------------------------------------------------------------------------

const isFiniteRect = (r) => [r.x, r.y, r.width, r.height].every(Number.isFinite);
const ZERO_RECT = Object.freeze({ x: 0, y: 0, width: 0, height: 0 });
const rectOf = (r) => ({ x: +r.x, y: +r.y, width: +r.width, height: +r.height });

/** Swift's rounding of `x` to a whole number: half away from zero. */
const roundHalfAway = (x) => Math.sign(x) * Math.round(Math.abs(x));

/** The presented screen's frame when none is given: the engine's PresentationLayout default. */
function defaultPresentedFrame(b) {
  const inset = Math.min(16, b.width / 8);
  const top = b.y + roundHalfAway(b.height * 0.15);
  return { x: b.x + inset, y: top, width: b.width - 2 * inset, height: b.y + b.height - inset - top };
}

/** The engine's TransitionContext for `options`, checked as the engine checks it. */
function makeContext(animator, options) {
  const operation = options.operation;
  const operationIndex = OPERATIONS.indexOf(operation);
  if (operationIndex < 0) fail("argument", `unknown operation '${operation}'; use one of ${OPERATIONS.join(", ")}`);
  if (!animator.operations.includes(operation)) {
    fail("argument", `${animator.id} does not serve ${operation}; it serves ${animator.operations.join(", ")}`);
  }
  const modal = operation === "present" || operation === "dismiss";
  const style = options.style ?? (!modal ? "full-screen" : animator.styles.includes("full-screen") ? "full-screen" : animator.styles[0]);
  const styleIndex = STYLES.indexOf(style);
  if (styleIndex < 0) fail("argument", `unknown style '${style}'; use full-screen or custom`);
  if (style === "custom" && !modal) fail("argument", `the custom presentation style applies to present and dismiss only, not ${operation}`);
  if (modal && !animator.styles.includes(style)) fail("argument", `${animator.id} does not serve the ${style} style`);
  const bounds = rectOf(options.containerBounds ?? { x: 0, y: 0, width: options.width, height: options.height });
  if (!isFiniteRect(bounds) || !(bounds.width > 0 && bounds.height > 0)) {
    fail("argument", "the container must have a positive, finite size");
  }
  const tabFromIndex = options.tabFromIndex ?? 0, tabToIndex = options.tabToIndex ?? 1;
  for (const index of [tabFromIndex, tabToIndex]) {
    if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) fail("argument", `tab index ${index} must be a whole number >= 0`);
  }
  if (operation === "tab" && tabFromIndex === tabToIndex) fail("argument", `a tab switch needs two different tab indexes; both are ${tabFromIndex}`);
  const presented = options.presentedFrame ? rectOf(options.presentedFrame) : defaultPresentedFrame(bounds);
  let fromView = 0, toView = 1, fromInitialFrame = bounds, toFinalFrame = bounds;
  if (style === "custom" && operation === "present") [fromView, toView, fromInitialFrame, toFinalFrame] = [VIEW_NONE, 0, ZERO_RECT, presented];
  if (style === "custom" && operation === "dismiss") [fromView, toView, fromInitialFrame, toFinalFrame] = [0, VIEW_NONE, presented, ZERO_RECT];
  let next = (fromView === VIEW_NONE ? 0 : 1) + (toView === VIEW_NONE ? 0 : 1);
  const seen = new Set();
  const matchedElements = (options.matchedElements ?? []).map((e) => {
    const id = String(e.id);
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) fail("argument", `matched element id '${id}' must be 1 to 64 letters, digits, '-', '_' or '.'`);
    if (seen.has(id)) fail("argument", `matched element id '${id}' is used twice; give each element its own id`);
    seen.add(id);
    const fromFrame = rectOf(e.fromFrame), toFrame = rectOf(e.toFrame);
    for (const [side, r] of [["from", fromFrame], ["to", toFrame]]) {
      if (!isFiniteRect(r) || !(r.width > 0 && r.height > 0)) fail("argument", `matched element '${id}': its ${side} frame must be finite with a positive width and height`);
    }
    const element = { id, fromFrame, toFrame, fromView: null, toView: null };
    if (fromView !== VIEW_NONE) element.fromView = next++;
    if (toView !== VIEW_NONE) element.toView = next++;
    return element;
  });
  return {
    operation, operationIndex, style, styleIndex, interactive: !!options.interactive, tabFromIndex, tabToIndex,
    containerBounds: bounds, fromView, toView, fromInitialFrame, fromFinalFrame: ZERO_RECT, toInitialFrame: ZERO_RECT,
    toFinalFrame, matchedElements,
  };
}

/** The parameter values in descriptor order: defaults, then `given` (by id, or an array). */
function parameterValues(animator, given = {}) {
  const specs = animator.parameters;
  if (Array.isArray(given)) {
    if (given.length !== specs.length) fail("argument", `${animator.id} has ${specs.length} parameters; ${given.length} values were given`);
    given = Object.fromEntries(specs.map((p, i) => [p.id, given[i]]));
  }
  for (const key of Object.keys(given)) {
    if (!specs.some((p) => p.id === key)) {
      fail("argument", `${animator.id} has no parameter '${key}'; it has ${specs.map((p) => p.id).join(", ") || "none"}`);
    }
  }
  return specs.map((p) => {
    let value = given[p.id] ?? p.defaultValue;
    if (typeof value === "boolean") value = value ? 1 : 0;
    if (typeof value === "string" && p.type === "choice" && p.choices.includes(value)) value = p.choices.indexOf(value);
    if (typeof value !== "number" || !Number.isFinite(value)) fail("argument", `${p.id} must be a finite number`);
    if (p.type === "bool" && value !== 0 && value !== 1) fail("argument", `${p.id} must be true or false`);
    if ((p.type === "integer" || p.type === "choice") && value !== roundHalfAway(value)) fail("argument", `${p.id} must be a whole number`);
    if (!(value >= p.min && value <= p.max)) fail("argument", `${p.id} = ${value} is out of range; allowed: ${p.min} to ${p.max}`);
    return value;
  });
}

// ---------------------------------------------------------------------------------------------
// Transitions: the container rules, the host services and the lifecycle
// ---------------------------------------------------------------------------------------------

const IDENTITY = Object.freeze([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
const CLEAR = Object.freeze({ red: 0, green: 0, blue: 0, alpha: 0 });

/** One transition of one animator, from setup to completion, as the engine's TransitionSession. */
class Transition {
  constructor(plugin, animator, context, parameters, instance, duration) {
    Object.assign(this, { plugin, animator, context, parameters, instance, duration });
    this.phase = "ready";
    this.misbehaviours = [];
    this.log = [];
    this.views = [];
    this.container = context.fromView === VIEW_NONE ? [] : [context.fromView];
    this.bezierCache = new Map();
    this.springCache = new Map();
    const b = context.containerBounds;
    this.baseCamera = { eyeDistance: 0, sublayerTransform: IDENTITY, centerX: b.x + b.width / 2, centerY: b.y + b.height / 2 };
    this.stepCamera = this.baseCamera;
    const screens = [[context.fromView, "from", context.fromInitialFrame], [context.toView, "to", context.toFinalFrame]]
      .filter(([id]) => id !== VIEW_NONE).sort((a, c) => a[0] - c[0]);
    for (const [, role, frame] of screens) this.views.push({ role, source: null, frame, color: CLEAR, doubleSided: true, content: null });
    for (const e of context.matchedElements) {
      const sides = [[e.fromView, context.fromView, e.fromFrame, context.fromInitialFrame], [e.toView, context.toView, e.toFrame, context.toFinalFrame]];
      for (const [view, screen, frame, screenFrame] of sides) {
        if (view === null) continue;
        const content = { source: screen, rect: { x: frame.x - screenFrame.x, y: frame.y - screenFrame.y, width: frame.width, height: frame.height } };
        this.views.push({ role: "snapshot", source: screen, frame, color: CLEAR, doubleSided: true, content });
      }
    }
  }

  /**
   * Calls the animator's setup. Returns true when the transition runs; false when setup refused
   * it, which completes the transition as cancelled without a step.
   * @returns {boolean}
   */
  setup() {
    this.require("ready", "setup runs once, first");
    this.phase = "setting-up";
    const inst = this.instance;
    try {
      inst.writeContext(this);
      inst.memory.view(inst.scratch + STATE_SLOT_OFFSET, 4, "the state slot").setUint32(0, 0, true);
      const ok = inst.call("tc_wasm_setup", [this.animator.address, inst.scratch, inst.scratch + STATE_SLOT_OFFSET]) !== 0;
      this.state = inst.memory.u32(inst.scratch + STATE_SLOT_OFFSET);
      if (!ok) this.settle(false);
      else this.phase = "running";
      return ok;
    } catch (error) {
      this.settle(false);
      throw error;
    }
  }

  /**
   * Runs the animator's step at `progress` and returns every view's state (see docs/web.md,
   * "Frames"). Before the call every view is reset to its base state and the camera to the one
   * setup left, so the result depends on `progress` alone.
   * @param {number} progress
   * @returns {object} the frame
   */
  step(progress) {
    this.require("running", "step runs between setup and completion");
    if (this.failed) fail("fault", `${this.animator.id}: an earlier step faulted; the transition can only complete`);
    const inst = this.instance, count = this.views.length;
    this.stepCamera = this.baseCamera;
    this.phase = "stepping";
    try {
      inst.callName = "step";
      inst.progress = progress;
      if (count > inst.viewCapacity) inst.reserveViews(Math.max(count, 2 * inst.viewCapacity, 16));
      const v = inst.memory.view(inst.views, count * VIEW_STATE_SIZE, "the view states");
      this.views.forEach((view, i) => writeBaseState(v, i * VIEW_STATE_SIZE, view));
      inst.session = this;
      inst.call("tc_wasm_step", [this.animator.address, inst.scratch, this.state, progress, inst.views, count], "step", progress);
      const out = inst.memory.view(inst.views, count * VIEW_STATE_SIZE, "the view states");
      return this.frame(progress, out);
    } catch (error) {
      this.failed = true;
      throw error;
    } finally {
      this.phase = "running";
    }
  }

  /**
   * Calls the animator's completion, then settles the container as the engine does: finished
   * keeps the to-view, cancelled the from-view. Returns what the animator left behind.
   * @param {boolean} finished true when the transition ran to progress 1
   * @returns {{finished: boolean, leakedViews: number[], leakedRoles: string[], container: number[]}}
   */
  complete(finished) {
    this.require("running", "completion runs once, after setup");
    this.phase = "completing";
    const inst = this.instance;
    try {
      if (!this.failed) {
        inst.session = this;
        inst.call("tc_wasm_completion", [this.animator.address, inst.scratch, this.state, finished ? 1 : 0], "completion");
      }
    } catch (error) {
      this.settle(finished);
      throw error;
    }
    const leaked = this.container.filter((id) => !isScreen(this.views[id].role));
    this.settle(finished);
    return { finished: !!finished, leakedViews: leaked, leakedRoles: leaked.map((id) => this.views[id].role), container: [...this.container] };
  }

  /** Ends the transition: the container keeps the screen that stays, the instance is dropped. */
  settle(finished) {
    const kept = finished ? this.context.toView : this.context.fromView;
    this.container = kept === VIEW_NONE ? [] : [kept];
    this.phase = "done";
    this.instance.session = null;
    this.instance = null;
  }

  require(phase, rule) {
    if (this.phase !== phase) fail("lifecycle", `${rule}; the transition is ${this.phase}`);
  }

  /** The frame the engine samples: each view's state as the plugin left it, hidden as 0 or 1. */
  frame(progress, v) {
    const positions = new Map(this.container.map((id, i) => [id, i]));
    const views = this.views.map((view, i) => {
      const at = i * VIEW_STATE_SIZE;
      const made = !isScreen(view.role);
      const transform = new Array(16);
      for (let k = 0; k < 16; k++) transform[k] = v.getFloat64(at + 40 + 8 * k, true);
      const state = {
        frame: { x: v.getFloat64(at, true), y: v.getFloat64(at + 8, true), width: v.getFloat64(at + 16, true), height: v.getFloat64(at + 24, true) },
        alpha: v.getFloat64(at + 32, true), transform, cornerRadius: v.getFloat64(at + 168, true),
        zIndex: v.getInt32(at + 176, true), hidden: v.getUint8(at + 180) !== 0,
        color: made ? { red: v.getFloat64(at + 184, true), green: v.getFloat64(at + 192, true), blue: v.getFloat64(at + 200, true), alpha: v.getFloat64(at + 208, true) } : null,
        doubleSided: view.doubleSided,
        content: view.content && { source: view.content.source, rect: { ...view.content.rect } },
      };
      return { id: i, role: view.role, source: view.source, containerIndex: positions.get(i) ?? null, state };
    });
    const c = this.stepCamera;
    const none = c.eyeDistance === 0 && c.sublayerTransform.every((n, k) => n === IDENTITY[k]);
    const matchedElements = this.context.matchedElements.map((e) => ({ ...e, fromFrame: { ...e.fromFrame }, toFrame: { ...e.toFrame } }));
    return { progress, views, camera: none ? null : { ...c, sublayerTransform: [...c.sublayerTransform] }, matchedElements };
  }

  // The host services, as the engine serves them.

  misbehave(kind, call, message) {
    if (this.misbehaviours.length < 1000) this.misbehaviours.push({ kind, call, message });
  }

  allowed(phases, call) {
    if (phases.includes(this.phase)) return true;
    this.misbehave("wrong-phase", call, `was called during ${this.phase}; it is allowed in ${phases.join(" or ")} only`);
    return false;
  }

  resolve(view, call) {
    if (view === VIEW_NONE) {
      this.misbehave("absent-view", call, "was given TC_VIEW_NONE: the plugin touched a view that does not exist");
      return null;
    }
    if (!(view >= 0 && view < this.views.length)) {
      this.misbehave("unknown-view", call, `was given handle ${view}, which is not a view of this transition`);
      return null;
    }
    return view;
  }

  addView(view) {
    const id = this.allowed(["setting-up", "completing"], "add_view") ? this.resolve(view, "add_view") : null;
    if (id === null) return false;
    this.container = this.container.filter((v) => v !== id);
    this.container.push(id);
    return true;
  }

  insertViewBelow(view, sibling) {
    if (!this.allowed(["setting-up", "completing"], "insert_view_below")) return false;
    const id = this.resolve(view, "insert_view_below"), s = id === null ? null : this.resolve(sibling, "insert_view_below");
    if (id === null || s === null) return false;
    if (id === s || !this.container.includes(s)) {
      this.misbehave("bad-argument", "insert_view_below", `sibling ${s} is not in the container`);
      return false;
    }
    this.container = this.container.filter((v) => v !== id);
    this.container.splice(this.container.indexOf(s), 0, id);
    return true;
  }

  removeView(view) {
    const id = this.allowed(["setting-up", "completing"], "remove_view") ? this.resolve(view, "remove_view") : null;
    if (id === null) return false;
    this.container = this.container.filter((v) => v !== id);
    return true;
  }

  makeView(role, frame, color, source, call) {
    if (!this.allowed(["setting-up"], call)) return VIEW_NONE;
    if (!(role >= 2 && role < ROLES.length)) {
      this.misbehave("bad-argument", call, `role ${role} cannot be made; use snapshot, dimming, shadow, tile or decoration`);
      return VIEW_NONE;
    }
    if (this.views.length >= LIMITS.views) {
      this.misbehave("bad-argument", call, "more than 65536 views in one transition");
      return VIEW_NONE;
    }
    this.views.push({ role: ROLES[role], source, frame: isFiniteRect(frame) ? frame : ZERO_RECT, color, doubleSided: true, content: null });
    return this.views.length - 1;
  }

  makeSnapshot(id, rect, role, call) {
    const record = this.views[id], sf = record.frame;
    let content = { source: id, rect };
    if (record.content) {
      const r = record.content.rect;
      const sx = sf.width > 0 ? r.width / sf.width : 0, sy = sf.height > 0 ? r.height / sf.height : 0;
      content = { source: record.content.source, rect: { x: r.x + rect.x * sx, y: r.y + rect.y * sy, width: rect.width * sx, height: rect.height * sy } };
    }
    const frame = { x: rect.x + sf.x, y: rect.y + sf.y, width: rect.width, height: rect.height };
    const made = this.makeView(role, frame, record.color, content.source, call);
    if (made !== VIEW_NONE) this.views[made].content = content;
    return made;
  }

  snapshotView(view) {
    const id = this.allowed(["setting-up"], "snapshot_view") ? this.resolve(view, "snapshot_view") : null;
    if (id === null) return VIEW_NONE;
    const f = this.views[id].frame;
    return this.makeSnapshot(id, { x: 0, y: 0, width: f.width, height: f.height }, 2, "snapshot_view");
  }

  snapshotRect(view, rect, role) {
    const id = this.allowed(["setting-up"], "snapshot_rect") ? this.resolve(view, "snapshot_rect") : null;
    if (id === null) return VIEW_NONE;
    if (role !== 2 && role !== 5) {
      this.misbehave("bad-argument", "snapshot_rect", `role ${role} is not TC_ROLE_SNAPSHOT or TC_ROLE_TILE`);
      return VIEW_NONE;
    }
    if (!isFiniteRect(rect) || !(rect.width > 0 && rect.height > 0)) {
      this.misbehave("bad-argument", "snapshot_rect", "the rectangle must be finite with a positive width and height");
      return VIEW_NONE;
    }
    return this.makeSnapshot(id, rect, role, "snapshot_rect");
  }

  setDoubleSided(view, doubleSided) {
    const id = this.allowed(["setting-up"], "set_double_sided") ? this.resolve(view, "set_double_sided") : null;
    if (id === null) return false;
    this.views[id].doubleSided = doubleSided;
    return true;
  }

  setCamera(eyeDistance, sublayerTransform) {
    if (!this.allowed(["setting-up", "stepping"], "set_camera")) return false;
    const b = this.context.containerBounds;
    const camera = { eyeDistance, sublayerTransform, centerX: b.x + b.width / 2, centerY: b.y + b.height / 2 };
    if (!(Number.isFinite(eyeDistance) && eyeDistance >= 0 && sublayerTransform.every(Number.isFinite))) {
      this.misbehave("bad-argument", "set_camera", `eye_distance ${eyeDistance} must be finite and >= 0 and the sublayer transform finite`);
      return false;
    }
    if (this.phase === "setting-up") this.baseCamera = camera;
    this.stepCamera = camera;
    return true;
  }

  bezier(x1, y1, x2, y2, t) {
    const key = `${x1} ${y1} ${x2} ${y2}`;
    let curve = this.bezierCache.get(key);
    if (curve === undefined) {
      const valid = [x1, y1, x2, y2].every(Number.isFinite) && x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1;
      curve = valid ? new CubicBezier(x1, y1, x2, y2) : null;
      this.bezierCache.set(key, curve);
    }
    if (curve === null) {
      this.misbehave("bad-argument", "cubic_bezier", `control points x1 = ${x1}, x2 = ${x2} must be finite and in [0, 1]`);
      return t;
    }
    return curve.value(t);
  }

  spring(dampingRatio, velocity, progress) {
    const key = `${dampingRatio} ${velocity}`;
    let s = this.springCache.get(key);
    if (s === undefined) this.springCache.set(key, (s = new FittedSpring(dampingRatio, velocity)));
    return s.value(progress);
  }

  /** Serves import `name` of instance `inst` with the wasm arguments `a` (context first). */
  serve(inst, name, a) {
    const m = inst.memory;
    switch (name) {
      case "add_view": return this.addView(a[1]) ? 1 : 0;
      case "insert_view_below": return this.insertViewBelow(a[1], a[2]) ? 1 : 0;
      case "remove_view": return this.removeView(a[1]) ? 1 : 0;
      case "snapshot_view": return this.snapshotView(a[1]);
      case "make_view": {
        const frame = m.rect(a[2] >>> 0, "make_view's frame");
        const c = m.rect(a[3] >>> 0, "make_view's colour");
        return this.makeView(a[1] >>> 0, frame, { red: c.x, green: c.y, blue: c.width, alpha: c.height }, null, "make_view");
      }
      case "timing_curve": return timingCurve(a[1] >>> 0, a[2]);
      case "cubic_bezier": return this.bezier(a[1], a[2], a[3], a[4], a[5]);
      case "spring": return this.spring(a[1], a[2], a[3]);
      case "log": {
        const level = a[1] >>> 0, message = m.string(a[2] >>> 0, 4096, "a log message");
        if (this.log.length < 1000) this.log.push({ level: LOG_LEVELS[level] ?? `level-${level}`, message });
        if (level === 4) this.misbehave("self-reported", "log", message);
        return undefined;
      }
      case "has_extension": return m.string(a[1] >>> 0, 256, "an extension id") === COMPOSITING_ID ? 1 : 0;
      case "set_double_sided": return this.setDoubleSided(a[1], a[2] !== 0) ? 1 : 0;
      case "set_camera": {
        const v = m.view(a[1] >>> 0, 136, "set_camera's camera");
        const transform = Array.from({ length: 16 }, (_, k) => v.getFloat64(8 + 8 * k, true));
        return this.setCamera(v.getFloat64(0, true), transform) ? 1 : 0;
      }
      case "snapshot_rect": return this.snapshotRect(a[1], m.rect(a[2] >>> 0, "snapshot_rect's rectangle"), a[3] >>> 0);
      case "matched_element_count": return this.context.matchedElements.length;
      case "matched_element": {
        const index = a[1] >>> 0, out = a[2] >>> 0, e = this.context.matchedElements[index];
        if (out === 0 || e === undefined) return 0;
        if (!inst.matchedIDs.has(index)) inst.matchedIDs.set(index, inst.string(e.id));
        const v = m.view(out, 80, "matched_element's result");
        v.setUint32(0, inst.matchedIDs.get(index), true);
        [e.fromFrame, e.toFrame].forEach((r, s) => [r.x, r.y, r.width, r.height].forEach((n, k) => v.setFloat64(8 + 32 * s + 8 * k, n, true)));
        v.setInt32(72, e.fromView ?? VIEW_NONE, true);
        v.setInt32(76, e.toView ?? VIEW_NONE, true);
        return 1;
      }
      default: return inst.fault(`called the unknown host service \`${name}\``);
    }
  }
}

const isScreen = (role) => role === "from" || role === "to";

/** Writes a view's base state: its frame and colour, alpha 1, identity, radius 0, z 0, shown. */
function writeBaseState(v, at, view) {
  const { frame, color } = view;
  v.setFloat64(at, frame.x, true);
  v.setFloat64(at + 8, frame.y, true);
  v.setFloat64(at + 16, frame.width, true);
  v.setFloat64(at + 24, frame.height, true);
  v.setFloat64(at + 32, 1, true);
  for (let k = 0; k < 16; k++) v.setFloat64(at + 40 + 8 * k, IDENTITY[k], true);
  v.setFloat64(at + 168, 0, true);
  v.setInt32(at + 176, 0, true);
  v.setUint32(at + 180, 0, true);
  v.setFloat64(at + 184, color.red, true);
  v.setFloat64(at + 192, color.green, true);
  v.setFloat64(at + 200, color.blue, true);
  v.setFloat64(at + 208, color.alpha, true);
}

// ---------------------------------------------------------------------------------------------
// Plugins: loading a module and starting transitions
// ---------------------------------------------------------------------------------------------

/** A loaded plugin: its descriptors and the compiled module every transition instantiates. */
class Plugin {
  constructor(module, descriptor, entry) {
    this.module = module;
    this.entry = entry;
    const { animators, init, ...info } = descriptor;
    /** The plugin's identity: abi, id, name, vendor, version, description, license. */
    this.info = Object.freeze(info);
    this.byID = new Map(animators.map((a) => [a.id, a]));
  }

  /**
   * The plugin's animators: id, name, summary, operations, styles, reversible and parameters
   * (id, name, doc, unit, type, defaultValue, min, max, choices), in descriptor order.
   * @returns {object[]}
   */
  animators() {
    return [...this.byID.values()].map(({ address, ...described }) => described);
  }

  /** The descriptor of animator `id`; throws "argument" when the plugin has none. */
  animator(id) {
    const found = this.byID.get(id);
    if (!found) fail("argument", `the plugin has no animator '${id}'; it has ${[...this.byID.keys()].join(", ")}`);
    return found;
  }

  /** A fresh instance, readied for one transition or duration query. */
  async instance() {
    const inst = await Instance.make(this.module, this.entry);
    inst.prepare();
    return inst;
  }

  /**
   * The duration in seconds animator `id` gives for `options` (see `transition`), computed in a
   * fresh instance of its own, as the engine computes it.
   * @param {string} id
   * @param {object} options
   * @returns {Promise<number>}
   * @throws {TransitionCatalogError} "argument", "fault", or "value" when the duration is not
   *   finite, > 0 and <= 60
   */
  async duration(id, options) {
    const animator = this.animator(id);
    const context = makeContext(animator, options);
    const parameters = parameterValues(animator, options.parameters);
    return this.durationIn(await this.instance(), animator, context, parameters);
  }

  /** The duration in instance `inst`, checked as the engine checks it. */
  durationIn(inst, animator, context, parameters) {
    inst.writeContext(new Transition(this, animator, context, parameters, inst, 0));
    const duration = inst.call("tc_wasm_duration", [animator.address, inst.scratch]);
    inst.session = null;
    if (!(Number.isFinite(duration) && duration > 0 && duration <= LONGEST_DURATION)) {
      fail("value", `${animator.id} returned ${duration} s for ${context.operation}; a duration is finite, greater than 0 and at most ${LONGEST_DURATION}`);
    }
    return duration;
  }

  /**
   * Starts a transition of animator `id`: computes its duration in one fresh instance and gives
   * back a transition whose setup, steps and completion run in another.
   * @param {string} id the animator's id
   * @param {object} options operation ("push", "pop", "present", "dismiss" or "tab"), width and
   *   height (or containerBounds {x, y, width, height}), and optionally style, parameters (by id,
   *   or an array in descriptor order), interactive, tabFromIndex, tabToIndex, presentedFrame and
   *   matchedElements [{id, fromFrame, toFrame}]
   * @returns {Promise<Transition>} with `duration`, `setup()`, `step(progress)` and `complete(finished)`
   * @throws {TransitionCatalogError} "argument" for a bad id, context or parameter value;
   *   "fault" or "value" as `duration` throws
   */
  async transition(id, options) {
    const animator = this.animator(id);
    const context = makeContext(animator, options);
    const parameters = parameterValues(animator, options.parameters);
    const duration = this.durationIn(await this.instance(), animator, context, parameters);
    return new Transition(this, animator, context, parameters, await this.instance(), duration);
  }

  /**
   * Runs a whole transition as the engine's `Animator.run` does: duration, setup, a step at each
   * of `progresses`, completion. Throws when setup refuses.
   * @param {string} id
   * @param {object} options as for `transition`, plus `finished` (default true)
   * @param {number[]} progresses
   * @returns {Promise<{duration: number, style: string, frames: object[], completion: object, misbehaviours: object[], log: object[]}>}
   */
  async run(id, options, progresses) {
    const t = await this.transition(id, options);
    if (!t.setup()) fail("value", `${id} refused to set up a ${options.operation} transition (its setup returned false)`);
    const frames = progresses.map((p) => t.step(p));
    const completion = t.complete(options.finished ?? true);
    return { duration: t.duration, style: t.context.style, frames, completion, misbehaviours: t.misbehaviours, log: t.log };
  }
}

/**
 * Loads an animator plugin built for the wasm32 binding. `source` is the module's bytes (an
 * ArrayBuffer or typed array), a `Response` or a promise of one, or a URL to fetch. The module is
 * checked (imports of module "tc_host" only, the exports the binding needs, binding 1.x), its
 * descriptors are read with every pointer, count and string checked, and the plugin's init runs.
 * @param {ArrayBuffer|ArrayBufferView|Response|Promise<Response>|string|URL} source
 * @param {{path?: string}} [options] the path the plugin's init receives (default: the URL, or "")
 * @returns {Promise<Plugin>} the plugin: `info`, `animators()`, `duration()`, `transition()`, `run()`
 * @throws {TransitionCatalogError} "module" or "descriptor" naming what is wrong, "fault" when
 *   loading traps
 */
export async function loadPlugin(source, options = {}) {
  let path = options.path ?? "";
  if (typeof source === "string" || source instanceof URL) {
    path = options.path ?? String(source);
    source = fetch(source);
  }
  source = await source;
  const bytes = typeof Response !== "undefined" && source instanceof Response ? await source.arrayBuffer() : source;
  let module;
  try {
    module = await WebAssembly.compile(bytes);
  } catch (error) {
    fail("module", `not a WebAssembly module this browser can compile: ${error.message}`);
  }
  for (const i of WebAssembly.Module.imports(module)) {
    if (i.module !== "tc_host" || i.kind !== "function" || !SERVICES.includes(i.name)) {
      fail("module", `imports \`${i.module}.${i.name}\`, which the sandbox does not provide; import only the host services of module "tc_host"`);
    }
  }
  const exported = new Map(WebAssembly.Module.exports(module).map((e) => [e.name, e.kind]));
  if (exported.get("memory") !== "memory") fail("module", "the module does not export its linear memory as `memory`");
  for (const name of REQUIRED_EXPORTS) {
    if (exported.get(name) !== "function") fail("module", `the module does not export \`${name}\``);
  }
  const loader = await Instance.make(module);
  if (loader.entry === 0) fail("descriptor", "`tc_plugin_entry` returned NULL");
  const descriptor = (() => {
    const onError = loader.memory.onError;
    loader.memory.onError = (detail) => fail("descriptor", detail);
    try { return readPlugin(loader.memory, loader.entry); } finally { loader.memory.onError = onError; }
  })();
  if (descriptor.init !== 0) {
    const ok = loader.call("tc_wasm_init", [loader.entry, loader.string(path)], "init") !== 0;
    if (!ok) fail("module", "the plugin's init refused to load");
  }
  return new Plugin(module, descriptor, loader.entry);
}
