#!/bin/bash
# alternative (true free text): a fuller, accurate mail to the guests (old and new times, end, room 4, the reason)
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_delay import move

move(
    subject="{title} moved to {start:%H:%M} tomorrow",
    body="Hello,\n\nMy flight home is delayed by two hours, so {title} moves from {old:%H:%M} to "
    "{start:%A %d %B}, {start:%H:%M}-{end:%H:%M} (London time), still in Office, room 4, with "
    "the same people.\n\nSorry for the change,\nAlice",
)
PY
