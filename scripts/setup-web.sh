#!/usr/bin/env bash
# Installs what the web page's end-to-end tests need: Debian's Chromium and a Japanese
# font (the board's glyphs), and playwright-core from the committed package-lock.json
# (it drives /usr/bin/chromium; it downloads no browser). Idempotent.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -x /usr/bin/chromium ] || ! fc-list :lang=ja 2>/dev/null | grep -q .; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-ipafont-gothic >&2
fi
if [ ! -d "$root/tests/web/node_modules/playwright-core" ]; then
  (cd "$root/tests/web" && npm ci --no-audit --no-fund --silent >&2)
fi
