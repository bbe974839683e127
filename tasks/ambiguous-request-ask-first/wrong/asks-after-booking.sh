#!/bin/bash
# wrong (asks after acting): books Aurora at her mail's time first, then asks Maria whether that
# room is the one she meant (a question, announcing nothing), and moves the review to the time
# her answer gives (her answer comes after the booking)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
event = book(AURORA, when=REQUESTED)
said = ask("Hi Maria, quick check on the review: is the Aurora room the one you meant?")
assert "10:30" in said, said
cal.call("PATCH", f"/events/{event['id']}", {"start": f"{THURSDAY}T10:30:00", "end": f"{THURSDAY}T11:30:00"})
PY
