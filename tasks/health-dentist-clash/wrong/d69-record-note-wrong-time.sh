#!/bin/bash
# wrong (free text: health record note): notes the dentist moved to Thursday 17:00, not the Friday slot booked
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_dentist import move

move("Moved the dental cleaning to Thursday 5 March at 17:00.")
PY
