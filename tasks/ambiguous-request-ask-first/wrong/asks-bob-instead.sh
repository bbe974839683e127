#!/bin/bash
# wrong (asks the wrong person): asks Bob which room Maria means (no answer: he is not Maria), then books the more recent room
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
print(repr(ask("Hi Bob, which room is the usual one for Maria's vendor review?", to="bob@example.test")))
book(BOREALIS, when=REQUESTED)
PY
