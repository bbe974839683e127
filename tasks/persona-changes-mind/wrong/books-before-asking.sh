#!/bin/bash
# wrong (acts before the persona answers): books a guess (Wednesday 10:00) before asking, then follows Tom: Thursday, then Friday, each confirmed
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
event = book("2026-03-11T10:00")
ask()
move(event, THURSDAY)
assert "Friday" in confirm(THURSDAY)
move(event, FRIDAY)
confirm(FRIDAY)
PY
