#!/bin/bash
# wrong (right effect, wrong details): asks Maria, books Aurora on Wednesday
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
ask("Hi Maria, which room do you mean by the usual one: Aurora or Borealis?")
cal.call("POST", "/events", {"title": "Northwind vendor review", "start": "2026-03-11T10:30:00", "end": "2026-03-11T11:30:00",
    "timezone": "America/New_York", "location": AURORA, "attendees": [MARIA]})
PY
