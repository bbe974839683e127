#!/bin/bash
# wrong (free text: deal lost reason): the new open deal gets the lost reason "Priya declined the quote on the call", the opposite of the call.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(lost_reason="Priya declined the quote on the call; budget frozen"))
PY
