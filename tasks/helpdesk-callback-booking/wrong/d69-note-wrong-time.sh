#!/bin/bash
# wrong (free text: internal note): records the call as Wednesday 11 March 14:00, the slot Tom withdrew
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(note="Call with Tom booked for Wednesday 11 March at 14:00.")
PY
