#!/bin/bash
# wrong (ignores the event: takes the first flight its one search showed, LC514, as if the world held still; the airline refuses the change (LC514 was cancelled meanwhile), and it mails Dana LC514 and its landing time anyway)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import lands, search, tell_dana, try_rebook

first = search()[0]
try_rebook(first)
tell_dana(first["number"], lands(first))
print("mailed", first["number"])
PY
