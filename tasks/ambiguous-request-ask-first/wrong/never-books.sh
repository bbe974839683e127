#!/bin/bash
# wrong (half done): asks Maria which room and thanks her, but never books
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
ask("Hi Maria, which room do you mean by the usual one: Aurora or Borealis?")
ask("Thanks Maria, will do!")
PY
