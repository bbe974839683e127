#!/bin/bash
# wrong (extra change): books the right Team sync, then removes Bob's Vendor workshop (already declined) from Alice's calendar, which hides the invitation; nothing else was to change.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import book, cal, tomorrows_events

book()
workshop = next(e for e in tomorrows_events() if e["title"] == "Vendor workshop")
print(cal.call("DELETE", f"/events/{workshop['id']}"))
PY
