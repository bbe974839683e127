#!/bin/bash
# wrong (free text: place): asks and books Aurora on Thursday 10:30-11:30 with Maria, but the place reads 'Aurora room (3rd floor), 10:00-11:00', another time than the booking's.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:30", location="Aurora room (3rd floor), 10:00-11:00")
PY
