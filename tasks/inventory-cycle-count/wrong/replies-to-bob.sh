#!/bin/bash
# Wrong (mail the instruction forbids): books everything right, then replies to Bob's recount
# to say it is done.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

all_right()
(recount,) = [m for m in MAIL.call("GET", "/messages?q=recounted&per_page=50")["items"]]
MAIL.call("POST", f"/messages/{recount['id']}/reply", {"body": "Booked, thanks Bob."})
PY
