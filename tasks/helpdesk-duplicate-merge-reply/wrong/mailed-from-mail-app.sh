#!/bin/bash
# Output in the wrong place: Alice mails Maria from her own mailbox instead of replying on the
# ticket; the ticket carries no public reply.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields(status="pending")
mail.call("POST", "/messages/send", {"to": [MARIA], "subject": "Your PDF export (TK-1041)", "body": reply_text()})
PY
