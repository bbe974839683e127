#!/bin/bash
# wrong (rebooks onto LC512 of the day after (same number, same route) and mails it)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import air, lands, rebook, tell_dana

(later,) = air.call("GET", "/flights?origin=BOS&destination=ORD&date=2026-03-12&per_page=100")["items"]
rebook(later)
tell_dana(later["number"], lands(later))
print("on", later["number"], later["date"])
PY
