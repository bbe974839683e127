#!/bin/bash
# Wrong (mail moved): books everything right, then archives Bob's count thread.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

all_right()
for m in MAIL.call("GET", "/messages?q=cycle%20count&per_page=50")["items"]:
    MAIL.call("POST", f"/messages/{m['id']}/move", {"folder": "archive"})
PY
