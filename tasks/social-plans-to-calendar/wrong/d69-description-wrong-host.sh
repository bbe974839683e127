#!/bin/bash
# wrong (free text: event description): brunch description says Dave invited her and pays, the facts of another friend
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_plans import add

add(descriptions={"carol": "Brunch with Dave, his treat; meet at the Ferry Building first."})
PY
