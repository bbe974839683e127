#!/bin/bash
# alternative (fuller, accurate notes): the right bookings, with notes that give Bob's count, the reserved units, the damage and where the filters were found.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_count import Texts, solve

solve(Texts(
    headlamps="Aisle B cycle count by Bob: recount of 19 in EAST-B-03 (corrects his first sheet), Dave's 6 for the Northwind order included and still reserved",
    stoves="Cycle count by Bob: 2 with cracked burner heads, unsellable, in the scrap cage",
    filters="Cycle count by Bob: 6 filters found on the apparel shelf, carried to the filter shelf",
))
PY
