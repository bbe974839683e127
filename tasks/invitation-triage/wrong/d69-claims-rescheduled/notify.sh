#!/bin/bash
# wrong (free text: mail body): claims "I have already moved it to Thursday 10:00 in the calendar", a change she neither made nor may make
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import notify

notify(body="Hi {name},\n\nSorry, I can't attend \"{title}\" at its time: it clashes with "
       "something already in my calendar, so I have already moved it to Thursday 10:00 in the "
       "calendar for both of us.\n\nAlice")
PY
