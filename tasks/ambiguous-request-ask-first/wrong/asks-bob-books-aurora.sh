#!/bin/bash
# wrong (asks the wrong person): asks Bob which room Maria means, then books Aurora: the right room, but not from Maria
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
ask("Hi Bob, which room is the usual one for Maria's vendor review?", to="bob@example.test")
book(AURORA, when=REQUESTED)
PY
