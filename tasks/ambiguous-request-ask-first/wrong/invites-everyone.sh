#!/bin/bash
# wrong (right words plus everyone else's items): asks Maria, books Aurora, but invites Bob and Carol too
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
ask("Hi Maria, which room do you mean by the usual one: Aurora or Borealis?")
book(AURORA, attendees=(MARIA, {"username": "bob"}, {"username": "carol"}))
PY
