#!/bin/bash
# wrong (asks after acting): books Aurora first, then asks Maria whether the room is right (her answer comes after the booking)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
print(book(AURORA)["id"])
print(ask("Hi Maria, I booked the Aurora room for Thursday. Is that the room you meant?"))
PY
