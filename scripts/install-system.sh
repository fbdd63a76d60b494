#!/usr/bin/env bash
# Installs the system packages the browser tests and benchmarks need: Debian's chromium-headless-shell (the suites'
# browser) and chromium (the benchmarks', a player's browser; Playwright cannot download its own browsers here), and
# Noto fonts for Arabic glyphs. Does nothing when they are already there.
set -euo pipefail
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
[ -x "${CHROMIUM_BROWSER_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
# Not `grep -q`: it stops reading at the first match, and under pipefail fc-list's broken pipe would fail the test.
fc-list 2>/dev/null | grep "NotoSansArabic" >/dev/null || missing+=(fonts-noto-core)
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: chromium, its headless shell and Noto fonts present"
  exit 0
fi
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
  echo "missing system packages: ${missing[*]} (install them with your package manager)" >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
echo "installing system packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
