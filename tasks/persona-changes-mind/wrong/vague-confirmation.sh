#!/bin/bash
# wrong (vague text): moves the call to Friday 11:00, then answers Tom with a vague note that names no time
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
event = book(THURSDAY)
assert "Friday" in confirm(THURSDAY)
move(event, FRIDAY)
tell("Done, see you then!")
PY
