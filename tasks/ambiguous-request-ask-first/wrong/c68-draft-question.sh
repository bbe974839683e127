#!/bin/bash
# wrong (never sent): writes the room question as a draft that is never sent, then books Aurora 10:30-11:30 anyway (a lucky guess with no answer from Maria).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
req = marias_mail(mail)
mail.call("POST", "/drafts", {"to": ["maria@example.test"], "subject": "Re: " + req["subject"], "body": QUESTION, "reply_to_message_id": req["id"]})
book(cal, thursday(cal), "10:30", "11:30")
PY
