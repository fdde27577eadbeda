#!/usr/bin/env bash
# Creates .venv/ with the Python peers used by the differential tests and the
# benchmark (cshogi, python-shogi), from PyPI. Idempotent; prints the venv's python.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" >&2
fi
if ! "$venv/bin/python" -c 'import cshogi, shogi' 2>/dev/null; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$root/tests/differential/requirements.txt" >&2
fi
echo "$venv/bin/python"
