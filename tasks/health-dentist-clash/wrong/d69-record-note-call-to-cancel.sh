#!/bin/bash
# wrong (free text: health record note): a to-do to call the clinic and cancel, undoing the reschedule
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_dentist import move

move("To do: phone Bright Smile Dental and cancel the cleaning on {when}.")
PY
