#!/bin/bash
# Acts before the event only: triages all three at once, as first read, and ends before Tom's update ever arrives (never looks again).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
read_rules(); [read(c) for c in (PRIYA, TOM, MARIA)]
others()
keep(TOM, "high")
PY
