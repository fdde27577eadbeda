#!/usr/bin/env bash
# The benchmark suite: yosei's own figures, then ratios against the peers, measured in
# this one run. Run it with nothing else busy (2 vCPUs share one core).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release --quiet
py=$(scripts/setup-python.sh)
echo "== yosei bench (perft, nodes/s)"
target/release/yosei bench "$@"
echo
echo "== perft against cshogi $("$py" -c 'import cshogi; print(getattr(cshogi, "__version__", ""))')"
"$py" benches/perft_vs_cshogi.py --yosei target/release/yosei
