#!/bin/bash
# wrong (free text: title): asks and books Aurora on Thursday 10:30-11:30 with Maria, but titles it 'Northwind vendor review - Borealis, Fri 10:00', the other room at another day and time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:30", title="Northwind vendor review - Borealis, Fri 10:00")
PY
