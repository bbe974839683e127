#!/bin/bash
# wrong (right words plus everyone else's items): asks Maria, then books with both rooms in the place
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
ask("Hi Maria, which room do you mean by the usual one: Aurora or Borealis?")
book(f"{AURORA} or {BOREALIS}")
PY
