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
    # The page pauses its SVGs and seeks them in its own script; give WebKit a moment to paint.
    driver.execute_script("return document.readyState")
    time.sleep(0.5)
    driver.save_screenshot(out)
finally:
    driver.quit()
