#!/bin/bash
# wrong (vague text): asks and books Aurora 10:30-11:30 with Maria, but titles it 'Meeting' (nothing says it is the Northwind vendor review).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:30", title="Meeting")
PY
