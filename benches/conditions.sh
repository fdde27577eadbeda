#!/usr/bin/env bash
# Help-play and perft speed under each power condition, relative to the same positions
# under ordinary rules (issue #6). A condition changes the problem, so the searches
# differ: the figure compared is throughput (help-play nodes per second over a bounded
# search, perft leaves per second), and the ratio is ordinary / condition (2.0: the
# condition runs at half the ordinary speed). Ordinary rules take the fast pin/check
# generator with bulk counting at perft leaves; every condition takes the general one
# (each move played, king capture asked). Run with nothing else busy: on a shared
# machine single figures move by ±30%.
#   benches/conditions.sh [node budget per help search, default 300000]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release --quiet -p yosei-cli
yosei=target/release/yosei
budget=${1:-300000}
conditions=(annan anhoku taimen haimen tenjiku komazume:chess-knight madrasi k-madrasi "madrasi annan" "annan kiki-nifu-invalid")
# help-play workloads: name | SFEN | stipulation (bounded by the node budget)
mid='l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1'
help_rows=(
  "ofm-139 help:7|$(cat benches/data/helpmate/ofm-139_5.sfen)|help:7"
  "ofm-139 helpstale:5|$(cat benches/data/helpmate/ofm-139_5.sfen)|helpstale:5"
  "midgame helpstale:4|$mid|helpstale:4"
)
# perft workloads: name | SFEN | depth
perft_rows=(
  "startpos perft 4|lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|4"
  "midgame perft 3|$mid|3"
  "ofm-139 perft 3|$(cat benches/data/helpmate/ofm-139_5.sfen)|3"
)

# nodes/s of one bounded help search; empty when the position is refused
help_rate() {
  local sfen=$1 stip=$2; shift 2
  local out
  out=$("$yosei" solve "$sfen" --stip "$stip" --format json --nodes "$budget" --hash 2000 "$@" 2>/dev/null || true)
  python3 -c '
import json, sys
try:
    d = json.loads(sys.argv[1])
    print(d["nodes"] / max(d["elapsed_ms"], 1) * 1000)
except Exception:
    print("")' "$out"
}

# leaves/s of perft
perft_rate() {
  local sfen=$1 depth=$2; shift 2
  local start end leaves
  start=$(date +%s.%N)
  leaves=$("$yosei" perft "$sfen" "$depth" "$@" 2>/dev/null | tail -n 1 || true)
  end=$(date +%s.%N)
  [[ $leaves =~ ^[0-9]+$ ]] || { echo ""; return; }
  python3 -c "print($leaves / max($end - $start, 1e-3))"
}

ratio() { python3 -c "import sys; a, b = sys.argv[1:]; print(f'{float(a)/float(b):6.2f}' if a and b else '     -')" "$1" "$2"; }

run_rows() {
  local kind=$1; shift
  for entry in "$@"; do
    IFS='|' read -r name sfen arg <<<"$entry"
    local base
    base=$("${kind}_rate" "$sfen" "$arg")
    printf '%-22s %-24s %12.0f\n' "$name" ordinary "$base"
    for c in "${conditions[@]}"; do
      local args=()
      for w in $c; do args+=(--cond "$w"); done
      local r
      r=$("${kind}_rate" "$sfen" "$arg" "${args[@]}")
      printf '%-22s %-24s %12s %8s\n' "$name" "$c" "${r%.*}" "$(ratio "$base" "$r")"
    done
  done
}

echo "== help play: nodes/s, ratio ordinary/condition (budget $budget nodes)"
printf '%-22s %-24s %12s %8s\n' workload condition "nodes/s" ratio
run_rows help "${help_rows[@]}"
echo
echo "== perft: leaves/s, ratio ordinary/condition"
printf '%-22s %-24s %12s %8s\n' workload condition "leaves/s" ratio
run_rows perft "${perft_rows[@]}"
