#!/bin/bash
# Closes everything: after the update it solves all three tickets instead of triaging them.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
for code in (PRIYA, TOM, MARIA):
    desk.call("POST", f"/tickets/{code}/solve", {"resolution": "Triaged and handled; closing this ticket."})
PY
