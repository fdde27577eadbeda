#!/usr/bin/env bash
# End-to-end tests of `yosei serve`'s page in headless Chromium (tests/web/e2e.mjs):
# installs what they need (scripts/setup-web.sh), builds yosei, runs them. Screenshots
# go to target/web-screenshots; `scripts/test-web.sh docs/web` refreshes the committed
# ones.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/setup-web.sh
cargo build --release --quiet
node tests/web/e2e.mjs --yosei target/release/yosei --screenshots "${1:-target/web-screenshots}"
