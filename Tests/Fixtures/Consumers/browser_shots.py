"""Screenshots of a page in headless Chromium driven over the DevTools protocol (on a pipe, so
no port and no extra Python package), for pages whose pictures depend on script: view
transitions need a visible page, which Chromium's --screenshot mode does not give.

The page must define `window.allReady` (a promise that resolves once it is ready to park) and
`window.park(fraction)` (a promise that parks its animations at that fraction of their
duration and resolves to a JSON-able report).
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile


class Browser:
    """One headless Chromium, one page."""

    def __init__(self, chromium, width, height):
        self.profile = tempfile.mkdtemp(prefix="tc-cdp-")
        self.log = open(os.path.join(self.profile, "chromium.log"), "w+b")
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()

        def pipes():
            # Chromium reads commands on fd 3 and writes replies on fd 4.
            reading, writing = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
             "--disable-extensions", "--mute-audio", "--user-data-dir=" + self.profile, "--force-device-scale-factor=1",
             f"--window-size={width},{height}", "--remote-debugging-pipe", "about:blank"],
            pass_fds=(3, 4), preexec_fn=pipes,
            stdout=subprocess.DEVNULL, stderr=self.log)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.out, self.into = to_browser_w, from_browser_r
        self.next_id, self.buffer, self.console, self.requests = 0, b"", [], []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for method in ("Page.enable", "Runtime.enable"):
            self.call(method, session=True)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=True)

    def call(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.out, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise ValueError(f"Chromium refused {method}: {reply['error'].get('message')}")
                return reply["result"]
            self.note(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.into, 1 << 20)
            if not chunk:
                self.log.seek(0)
                tail = self.log.read().decode(errors="replace").strip().splitlines()[-5:]
                raise OSError("Chromium closed its DevTools pipe: " + " | ".join(tail))
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def note(self, event):
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            self.console.append(f"console.{params.get('type')}: {text}")
        elif method == "Network.requestWillBeSent":
            self.requests.append(params.get("request", {}).get("url", ""))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.console.append("uncaught: " + details.get("exception", {}).get("description", details.get("text", "")))

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise ValueError("the page threw: " + details.get("exception", {}).get("description", details.get("text", "")))
        return result["result"].get("value")

    def pointer(self, events, relative_to=None):
        """Dispatches mouse events as a person's pointer makes them: each is [type, x, y, pause]
        with type press, move or release, at x, y from the page's corner (or from the corner of
        the element that the CSS selector `relative_to` finds), then a pause of that many
        milliseconds. Returns the number of events dispatched."""
        import time
        left, top = 0, 0
        if relative_to:
            left, top = self.evaluate(
                f"(() => {{ const r = document.querySelector({json.dumps(relative_to)}).getBoundingClientRect(); return [r.x, r.y]; }})()")
        kinds = {"press": "mousePressed", "move": "mouseMoved", "release": "mouseReleased"}
        for kind, x, y, pause in events:
            params = {"type": kinds[kind], "x": left + x, "y": top + y, "button": "left", "buttons": 0 if kind == "release" else 1,
                      "clickCount": 1 if kind != "move" else 0}
            self.call("Input.dispatchMouseEvent", params, session=True)
            time.sleep(pause / 1000)
        return len(events)

    def screenshot(self, path, clip=None):
        """Writes a PNG of the page to `path`: the whole viewport, or the box of the element
        that the CSS selector `clip` finds. Returns the path."""
        params = {"format": "png", "captureBeyondViewport": False}
        if clip:
            x, y, w, h = self.evaluate(
                f"(() => {{ const r = document.querySelector({json.dumps(clip)}).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }})()")
            params["clip"] = {"x": x, "y": y, "width": w, "height": h, "scale": 1}
        data = self.call("Page.captureScreenshot", params, session=True)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        return path

    def close(self):
        try:
            self.call("Browser.close")
        except (OSError, ValueError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.out)
        os.close(self.into)
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def shots(spec_path):
    """Loads the spec's page, parks it at each fraction, screenshots it and cuts out each cell.

    The spec is JSON: chromium, url, width, height, fractions, cells ([x, y, w, h] each) and out
    (a directory). Writes OUT/shot-F-N.png for fraction index F and cell N.
    """
    from PIL import Image
    with open(spec_path) as f:
        spec = json.load(f)
    browser = Browser(spec["chromium"], spec["width"], spec["height"])
    try:
        browser.call("Page.navigate", {"url": spec["url"]}, session=True)
        ready = browser.evaluate(
            "new Promise((ok, no) => { const t = setTimeout(() => no(new Error('the page was not ready within 120 s; waiting for '"
            " + (window.waitingFor ? window.waitingFor().join(' ') : 'its script'))), 120000);"
            " const wait = () => window.allReady ? window.allReady.then(r => { clearTimeout(t); ok(r); }) : setTimeout(wait, 20); wait(); })")
        reports, files = [], []
        for n, fraction in enumerate(spec["fractions"]):
            reports.append(browser.evaluate(f"window.park({float(fraction)!r})"))
            whole = os.path.join(spec["out"], f"whole-{n}.png")
            browser.screenshot(whole)
            with Image.open(whole) as image:
                row = []
                for c, (x, y, w, h) in enumerate(spec["cells"]):
                    path = os.path.join(spec["out"], f"shot-{n}-{c}.png")
                    image.crop((x, y, x + w, y + h)).save(path)
                    row.append(path)
                files.append(row)
        return {"ready": ready, "parked": reports, "shots": files, "console": browser.console}
    finally:
        browser.close()


class Server:
    """A local HTTP server of one directory, on a free port of 127.0.0.1, in a thread."""

    def __init__(self, directory):
        import functools
        import http.server
        import threading

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

        handler = functools.partial(Quiet, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def run(spec_path):
    """Loads the spec's page and evaluates its script, a promise, once the page is loaded.

    The spec is JSON: chromium, url, width, height and script. With `serve` (a directory) the
    directory is served over HTTP on 127.0.0.1 and `url` is relative to it. With `scripts` (a
    list) and `out` (a directory) each script is evaluated in turn and its value written to
    OUT/value-N.json instead of being returned; a script that is an object {"mouse": events, "relativeTo":
    selector} dispatches those pointer events instead (see `Browser.pointer`), and one that is
    {"screenshot": name, "clip": selector} writes OUT/name (see `Browser.screenshot`). Returns the value, the console messages and the
    URL of every request the page made.
    """
    with open(spec_path) as f:
        spec = json.load(f)
    server = Server(spec["serve"]) if "serve" in spec else None
    browser = Browser(spec["chromium"], spec["width"], spec["height"])
    try:
        browser.call("Network.enable", session=True)
        url = server.origin + spec["url"] if server else spec["url"]
        browser.call("Page.navigate", {"url": url}, session=True)
        browser.evaluate("new Promise((ok) => { const wait = () => document.readyState === 'complete' ? ok(true) : setTimeout(wait, 20); wait(); })")
        value, files = None, []
        if "scripts" in spec:
            for n, script in enumerate(spec["scripts"]):
                path = os.path.join(spec["out"], f"value-{n}.json")
                if isinstance(script, dict) and "screenshot" in script:
                    value = browser.screenshot(os.path.join(spec["out"], script["screenshot"]), script.get("clip"))
                elif isinstance(script, dict):
                    value = browser.pointer(script["mouse"], script.get("relativeTo"))
                else:
                    value = browser.evaluate(script)
                with open(path, "w") as f:
                    json.dump(value, f)
                files.append(path)
        else:
            value = browser.evaluate(spec["script"])
        return {"value": value, "files": files, "console": browser.console, "requests": browser.requests,
                "origin": server.origin if server else None}
    finally:
        browser.close()
        if server:
            server.close()
