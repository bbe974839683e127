#!/bin/bash
# wrong (free text: invoice line description): the USD 1,250 line is described as "Photo shoot of the studio, two days", the item Ingrid dropped, instead of the stock image licence.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(lines=[("Website redesign: design, build, CMS and launch", 20500), ("Photo shoot of your studio and three projects, two days", 1250)]))
PY
