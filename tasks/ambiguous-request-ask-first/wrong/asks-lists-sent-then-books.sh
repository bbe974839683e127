#!/bin/bash
# wrong (red team, stop 52: a read that cannot show the answer): asks Maria which room, lists the Sent folder (her answer is not there), then books what her answer will say (Aurora, 10:30-11:30): not a booking on her answer
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
asked = request()
mail.call("POST", f"/messages/{asked['id']}/reply", {"body": "Hi Maria, which room do you mean by the usual one: Aurora or Borealis?"})
mail.call("GET", "/messages?folder=sent")
book(AURORA, when=ANSWERED)
PY
