#!/bin/bash
# wrong (right words plus everyone else's items): follows Tom to Friday 11:00 and confirms it with Bob and Carol copied
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
event = book(THURSDAY)
assert "Friday" in confirm(THURSDAY)
move(event, FRIDAY)
tell("Hi Tom, moved: Friday 13 March at 11:00. Alice", cc=["bob@example.test", "carol@example.test"])
PY
