#!/bin/bash
# wrong (free text: question mail subject): heads the question "Call on Friday?" while the call is on Thursday the 12th
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(subject="Call on Friday?")
PY
