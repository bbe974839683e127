#!/bin/bash
# wrong (wrong guest role): books the right Team sync but invites Bob and Carol as optional guests, who were to be at the meeting.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import book

book(attendees=[{"username": "bob", "optional": True}, {"username": "carol", "optional": True}])
PY
