#!/bin/bash
# wrong (free text: health record note): says the dental cleaning was cancelled, though it was rescheduled
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_dentist import move

move("Cancelled the dental cleaning with Dr. Lindqvist; will book a new one after the trip.")
PY
