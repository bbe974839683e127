#!/bin/bash
# wrong (books right (LC516, after looking again) but mails Dana the flight it saw first, LC514, and its landing time)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import lands, rebook, search, tell_dana

first = search()[0]
right = search()[0]
rebook(right)
tell_dana(first["number"], lands(first))
print("on", right["number"], "mailed", first["number"])
PY
