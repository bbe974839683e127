#!/bin/bash
# wrong (opposite decision worded politely): answers Tom's change with a kind no and keeps Thursday
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
book(THURSDAY)
assert "Friday" in confirm(THURSDAY)
tell("Hi Tom, so sorry, Friday 13 March at 11:00 is hard for me; could we keep Thursday at 15:00 as planned? Thanks for understanding!")
PY
