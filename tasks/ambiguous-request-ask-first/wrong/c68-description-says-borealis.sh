#!/bin/bash
# wrong (contradicting text): asks and books Aurora 10:30-11:30 with Maria, but the event's description (what Maria reads) says 'In the usual Borealis room on the 5th floor, 10:00-11:00'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:30", description="Northwind vendor review with Priya, in the usual Borealis room on the 5th floor, 10:00-11:00.")
PY
