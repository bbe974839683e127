#!/bin/bash
# Wrong place: Alice mails Tom from her mailbox and puts the ticket on hold without a reply.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
mail.call("POST", "/messages/send", {"to": [TOM], "subject": "Our call about TK-1052", "body": reply_text()})
desk.call("PATCH", f"/tickets/{TICKET}", {"status": "on-hold"})
PY
