#!/bin/bash
# Acts on the first read only: reads the rules and the queue, thinks for six seconds (Tom's update arrives meanwhile) and triages Tom's ticket as first read: high, kept.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
import time
read_rules(); [read(c) for c in (PRIYA, TOM, MARIA)]
time.sleep(6)
others()
keep(TOM, "high")
PY
