#!/bin/bash
# wrong (free text: deal lost reason): the deal is closed won at 21,750, but its lost reason reads "Lost: went with a cheaper agency".
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(lost_reason="Lost: Lindqvist went with a cheaper agency"))
PY
