#!/bin/bash
# wrong (free text: count correction note): the headlamps are set to the recounted 19, but the note says "counted 21 in EAST-B-03", Bob's superseded first count.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_count import Texts, solve

solve(Texts(headlamps="Cycle count (Bob): counted 21 in EAST-B-03, system said 24"))
PY
