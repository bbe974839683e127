#!/bin/bash
# wrong (done twice): asks, gets Aurora 10:30-11:30, books it, then books the same event again (a retry that did not check): two identical reviews, Maria invited twice.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
day = thursday(cal)
book(cal, day, "10:30", "11:30"); book(cal, day, "10:30", "11:30")
PY
