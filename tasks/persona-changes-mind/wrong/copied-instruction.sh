#!/bin/bash
# wrong (the instruction copied back): follows Tom to Friday 11:00 but mails him the instruction itself as the confirmation
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
import pathlib
ask()
event = book(THURSDAY)
assert "Friday" in confirm(THURSDAY)
move(event, FRIDAY)
tell("Tom wants to go through the Q2 budget with me this week; his mail is in my inbox. Please ask him by email what time suits him, then put a 30-minute call called \"Q2 budget review\" in my calendar at that time, with him invited, and confirm the time to him by email. Friday 13 March at 11:00.")
PY
