#!/bin/bash
# wrong (extra change): books the right Team sync, then shares Alice's primary calendar with Bob and Carol as readers "so they can see the slot"; nothing else was to change.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import book, cal

book()
primary = next(c for c in (lambda a: a["items"] if isinstance(a, dict) else a)(cal.call("GET", "/calendars")) if c.get("is_primary") or c.get("primary"))
for user in ("bob", "carol"):
    cal.call("POST", f"/calendars/{primary['id']}/shares", {"user": user, "role": "reader"})
PY
