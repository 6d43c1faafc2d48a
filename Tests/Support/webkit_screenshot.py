"""A screenshot of a page in WebKit (WebKitGTK's WebDriver), for the browser parity tests.

Usage: webkit_screenshot.py PAGE_URL OUT.png WIDTH HEIGHT  (run under xvfb-run, with Debian's python3-selenium)
The window is resized until the page's viewport is WIDTH x HEIGHT CSS pixels, then the viewport is saved.
"""
import sys
import time

from selenium import webdriver
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

page, out, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
try:  # selenium ≥ 4.10
    driver = webdriver.WebKitGTK(options=Options(), service=Service(executable_path="/usr/bin/WebKitWebDriver"))
except TypeError:  # Debian 12's 4.8
    driver = webdriver.WebKitGTK(executable_path="/usr/bin/WebKitWebDriver", options=Options())
try:
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.set_window_size(width + (width - inner[0]), height + (height - inner[1]))
    driver.get(page)
    # The page pauses its SVGs and seeks them in its own script. WebKit applies a seek at its next
    # animation tick: on a loaded machine 0.5 s was sometimes not enough and the screenshot showed t = 0.
    # So: wait for the load, seek again, and wait for two painted frames before the screenshot.
    for _ in range(100):
        if driver.execute_script("return document.readyState") == "complete":
            break
        time.sleep(0.05)
    driver.execute_script("""
        for (const div of document.querySelectorAll('div[data-t]')) {
          const svg = div.querySelector('svg');
          if (svg) { svg.pauseAnimations(); svg.setCurrentTime(parseFloat(div.dataset.t)); }
        }""")
    driver.set_script_timeout(10)
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")
    time.sleep(0.3)
    driver.save_screenshot(out)
finally:
    driver.quit()
