#!/bin/bash
# wrong (near-twin time): asks, takes Maria's new start (10:30) but keeps the old end (11:00): a 30-minute review in Aurora.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:00")
PY
