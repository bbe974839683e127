#!/bin/bash
# wrong (free text: event location): puts the call at Riverside Hall (the offsite), a place nobody agreed on
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(location="Riverside Hall, Friday 13 March 15:00")
PY
