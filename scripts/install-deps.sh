#!/usr/bin/env bash
# Installs the Debian packages tabanim needs (only those missing). With --test, also what the tests need.
# Usage: scripts/install-deps.sh [--test]
set -euo pipefail

packages=(
  pkg-config
  libcairo2-dev       # drawing
  libpango1.0-dev     # text (pangocairo)
  librsvg2-dev        # SVG icons
  libgif-dev          # GIF writer and reader
  libwebp-dev         # animated WebP (libwebpmux, libwebpdemux)
  libavformat-dev     # MP4: FFmpeg's libraries (H.264 through libx264)
  libavcodec-dev
  libswscale-dev
  libimagequant-dev   # GIF palettes
  libxml2-dev         # SVG writer
  fonts-dejavu-core   # Latin, Arabic and Hebrew titles (the fallback after Noto CJK)
  libpoppler-glib-dev # PDF image sets of asset catalogs (poppler-glib reads the page, cairo writes it as SVG)
  fonts-noto-cjk      # CJK titles (首页 …)
  fonts-noto-core     # Arabic, Hebrew, Thai and Devanagari titles (every locale of a String Catalog)
  fonts-inter         # Latin titles where SF Pro is not installed: the stand-in for SF Pro (docs/scene-format.md)
  libfontconfig-dev   # the scene's own fonts ("fonts"), registered for the run
  fonts-materialdesignicons-webfont  # stand-ins for SF Symbols named by "systemImage" (docs/scene-format.md)
)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(chromium firefox-esr)  # the browser parity tests play the SVG in headless Chromium and Firefox
  packages+=(webkit2gtk-driver xvfb xauth python3-selenium)  # … and in WebKit, through its WebDriver
  packages+=(ffmpeg)                # ffprobe and ffmpeg read back the MP4s
  packages+=(gifsicle)              # the README's example of a GIF on standard output
  packages+=(python3-pip)           # the reference Lottie players below
  packages+=(zsh)                   # the zsh completion script's syntax is checked with zsh -n
  packages+=(python3-jsonschema)    # SchemaTests validate every shipped scene with it (also from PyPI below)
fi

# With --test: the reference Lottie players the engine's tests compare against (test-only, never the
# product), from PyPI. Without them those tests skip, saying so; a failed install is a warning, not an error.
python_tools() {
  [[ "${1:-}" == "--test" ]] || return 0
  python3 -c 'import thorvg_python, PIL, numpy, jsonschema' 2>/dev/null && return 0
  local wheels=(thorvg-python==1.1.3 pillow numpy jsonschema)  # jsonschema: Tests/Support/validate_scenes.py
  echo "Installing from PyPI: ${wheels[*]}" >&2
  python3 -m pip install --user --quiet "${wheels[@]}" >&2 2>/dev/null \
    || python3 -m pip install --user --quiet --break-system-packages "${wheels[@]}" >&2 \
    || echo "warning: could not install ${wheels[*]}: the tests against reference Lottie players will skip, the schema test fails" >&2
}

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if (( ${#missing[@]} == 0 )); then
  python_tools "${1:-}"
  exit 0
fi

sudo=""
if [[ "$(id -u)" != "0" ]]; then sudo="sudo"; fi
echo "Installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
python_tools "${1:-}"
