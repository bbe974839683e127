#!/bin/bash
# wrong (free text: transfer note): the filters move from EAST-B-01 to EAST-B-02, but the note says "carried to the West DC, WEST-B-01".
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_count import Texts, solve

solve(Texts(filters="carried over to the West DC, bin WEST-B-01"))
PY
