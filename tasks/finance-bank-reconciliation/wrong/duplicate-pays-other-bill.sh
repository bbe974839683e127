#!/bin/bash
# Wrong (doing the same thing twice): after the right matches, the repeated paper charge is
# recorded again, against the desk bill's remaining balance.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
everything_right()
pay("INV-0043", 102)
PY
