#!/bin/bash
# wrong (acts on the first answer, never reads the change): asks Tom, books Thursday 15:00 as he first says, confirms it, and never looks at his reply
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
assert "Thursday" in ask()
book(THURSDAY)
confirm(THURSDAY)
PY
