#!/bin/bash
# wrong (a figure in words, a promise): right decisions, but each approval note promises the money within fourteen days, a term the record never gives
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import review

review(note=lambda r: "Approved. Finance will pay this back to you within fourteen days.")
PY
