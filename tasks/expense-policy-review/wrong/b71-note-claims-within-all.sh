#!/bin/bash
# wrong (free text: approval note on EXP-2006 etc.): says every line was converted and is "well under half" its limit; Zurich hotel is CHF 290 = USD 327.70, 82% of 400
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(note=lambda r: "Checked: every line, converted, is well under half of its category limit.")
PY
