#!/bin/bash
# alternative (other order, API): searches once and tries the first flight it saw, LC514; the
# airline refuses (cancelled meanwhile), so it searches again, moves the booking to the first
# flight now on sale, reads that flight for when it lands now, and mails Dana.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import current, lands, search, tell_dana, try_rebook

first = search()[0]
if try_rebook(first):
    chosen = first
else:
    chosen = search()[0]
    assert try_rebook(chosen), chosen["number"]
flight = current(chosen)
tell_dana(flight["number"], lands(flight))
print("moved to", flight["number"], "landing", lands(flight))
PY
