#!/bin/bash
# wrong (free text: calendar description): notes "re-import the old export tonight to restore the removed events", an instruction that would undo the clean-up
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_cleanup import clean

clean(calendar_note="Cancelled extra copies of {titles}. TODO: re-import the old export tonight "
      "to restore the removed events.")
PY
