#!/bin/bash
# wrong (collateral damage): books Friday 11:00 as a second call and leaves the Thursday one in the calendar
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
book(THURSDAY)
assert "Friday" in confirm(THURSDAY)
book(FRIDAY)
confirm(FRIDAY)
PY
