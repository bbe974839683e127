#!/bin/bash
# wrong (free text: calendar description): says "Quarterly review cancelled, Bob told", though its kept copy stands and no one was told
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_cleanup import clean

clean(calendar_note="Quarterly review cancelled and Bob told; Dentist and Team lunch de-duplicated.")
PY
