#!/bin/bash
# wrong (right effect, wrong details): follows Tom to Friday 11:00, but books an hour
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
event = book(THURSDAY, minutes=60)
assert "Friday" in confirm(THURSDAY)
cal.call("PATCH", f"/events/{event['id']}", {**times_of(FRIDAY, 60)})
confirm(FRIDAY)
PY
