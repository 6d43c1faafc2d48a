#!/usr/bin/env python3
"""Test helper: open a page in headless Chromium over the DevTools protocol (--remote-debugging-pipe,
Python's standard library only) and take screenshots at chosen wall-clock delays after load.

    chromium_cdp.py CHROMIUM URL WIDTH HEIGHT OUT_PREFIX DELAY_MS [DELAY_MS ...]

Writes OUT_PREFIX-<i>.png for each delay, measured from the page's load event. Exits non-zero with a
message on stderr when the browser fails. Used by tabanim's tests to check that an SVG animates inside <img>,
which --screenshot cannot show (it captures right after load, and images do not follow virtual time).
"""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time


def main():
    chromium, url, width, height, prefix = sys.argv[1:6]
    delays = [int(d) for d in sys.argv[6:]]
    to_browser_r, to_browser_w = os.pipe()
    from_browser_r, from_browser_w = os.pipe()

    profile = tempfile.mkdtemp(prefix="tabanim-cdp-")
    # The protocol runs over the browser's fds 3 (in) and 4 (out); a shell puts the pipe ends there.
    browser = subprocess.Popen(
        ["sh", "-c", f'exec "$0" "$@" 3<&{to_browser_r} 4>&{from_browser_w}',
         chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
         "--force-device-scale-factor=1", f"--user-data-dir={profile}", f"--window-size={width},{height}", "about:blank"],
        pass_fds=(to_browser_r, from_browser_w), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_browser_r)
    os.close(from_browser_w)
    out = os.fdopen(to_browser_w, "wb")
    inp = os.fdopen(from_browser_r, "rb")
    buffer = b""
    next_id = 0

    def send(method, params=None, session=None):
        nonlocal next_id
        next_id += 1
        message = {"id": next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        out.write(json.dumps(message).encode() + b"\0")
        out.flush()
        return next_id

    def receive():
        nonlocal buffer
        while b"\0" not in buffer:
            chunk = os.read(inp.fileno(), 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed the pipe")
            buffer += chunk
        message, buffer = buffer.split(b"\0", 1)
        return json.loads(message)

    def call(method, params=None, session=None, wait_event=None):
        wanted = send(method, params, session)
        result, event_seen = None, wait_event is None
        while result is None or not event_seen:
            message = receive()
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result = message.get("result", {})
            elif wait_event and message.get("method") == wait_event:
                event_seen = True
        return result

    try:
        target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        call("Page.enable", session=session)
        call("Emulation.setDeviceMetricsOverride",
             {"width": int(width), "height": int(height), "deviceScaleFactor": 1, "mobile": False}, session=session)
        call("Page.navigate", {"url": url}, session=session, wait_event="Page.loadEventFired")
        start = time.monotonic()
        for index, delay in enumerate(delays):
            time.sleep(max(0.0, start + delay / 1000 - time.monotonic()))
            shot = call("Page.captureScreenshot", {"format": "png"}, session=session)
            with open(f"{prefix}-{index}.png", "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        call("Browser.close")
    except Exception as error:  # one clear line for the test's failure message
        print(f"chromium_cdp: {error}", file=sys.stderr)
        browser.kill()
        return 1
    browser.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
