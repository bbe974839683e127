#!/bin/bash
# wrong (wrong place + extra change): creates a new "Team" calendar for Alice and books the right Team sync there instead of her own (primary) calendar.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import book, cal

team = cal.call("POST", "/calendars", {"name": "Team", "color": "#3366cc", "timezone": "Europe/Paris"})
book(calendar_id=team["id"])
PY
