#!/usr/bin/env bash
# The whole test suite, as CI runs it: Rust tests (optimised build), then the
# differential test of legal move generation against cshogi/python-shogi (their
# virtual environment is created by scripts/setup-python.sh), then the web page's
# end-to-end tests in headless Chromium (scripts/test-web.sh installs Chromium).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo test --release --workspace
cargo build --release --quiet
py=$(scripts/setup-python.sh)
"$py" tests/differential/cshogi_diff.py --yosei target/release/yosei
bash scripts/test-web.sh
