#!/bin/bash
# wrong (near-twin text): asks, books Aurora 10:30-11:30 with Maria, but writes the place as 'Aurora room (5th floor)', the floor of Borealis: people go to the wrong floor.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:30", location="Aurora room (5th floor)")
PY
