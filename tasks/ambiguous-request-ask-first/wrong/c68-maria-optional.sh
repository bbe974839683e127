#!/bin/bash
# wrong (guest): asks, books Aurora 10:30-11:30, but invites Maria, who asked for the review, only as an optional guest.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:30", attendees=[{"email": "maria@example.test", "optional": True}])
PY
