#!/bin/bash
# wrong (free text: mail body): offers to meet "tomorrow at 10:00 instead", the hour of the Roadmap review she has just accepted
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import notify

notify(body="Hi {name},\n\nSorry, I can't attend \"{title}\": it clashes with something "
       "already in my calendar. I am free tomorrow at 10:00 if you want to move it there."
       "\n\nAlice")
PY
