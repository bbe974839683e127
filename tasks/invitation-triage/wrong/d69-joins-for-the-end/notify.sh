#!/bin/bash
# wrong (free text: mail body): declines but promises "I will join for the last 15 minutes", contradicting the decline
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import notify

notify(body="Hi {name},\n\nSorry, I can't attend \"{title}\" from the start: it clashes with "
       "something in my calendar. I will join for the last 15 minutes though.\n\nAlice")
PY
