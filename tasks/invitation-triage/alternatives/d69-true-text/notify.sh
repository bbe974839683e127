#!/bin/bash
# alternative (true free text): each notice names the meeting, its day and time and the real reason, warmly
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import notify

notify(
    subject="Declining: {title} ({start:%a %d %b, %H:%M})",
    body="Hi {name},\n\nThanks for the invitation to \"{title}\" on {start:%A %d %B} at "
    "{start:%H:%M}. I have to decline it: it overlaps with an appointment already in my "
    "calendar. Sorry to miss it.\n\nBest,\nAlice",
)
PY
