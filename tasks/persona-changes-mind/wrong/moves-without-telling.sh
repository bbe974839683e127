#!/bin/bash
# wrong (half done): moves the call to Friday 11:00 after Tom's change, but never confirms the new time to him
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
event = book(THURSDAY)
assert "Friday" in confirm(THURSDAY)
move(event, FRIDAY)
PY
