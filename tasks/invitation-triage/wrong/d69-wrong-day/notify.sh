#!/bin/bash
# wrong (free text: mail body): names the meeting but gives it a day and hour two days later than it is
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import notify

notify(body="Hi {name},\n\nSorry, I can't attend \"{title}\" on Friday at 11:00: it clashes "
       "with something already in my calendar.\n\nAlice")
PY
