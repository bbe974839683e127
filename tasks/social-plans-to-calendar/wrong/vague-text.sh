#!/bin/bash
# wrong (content: vague-text): right events, but each reply says nothing concrete about the plan or the
# calendar ('Done, see above').
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, dm

for f, p in PLANS.items():
    add(*p)
    dm(f, "Done, see above.")
PY
