#!/bin/bash
# wrong (right event, wrong words): asks, books the right event, then tells Maria in words that it is set 'from ten to eleven', her old time, so she is told the wrong slot.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book, mail, request

ask(QUESTION)
said = answer()
book("10:30", "11:30", AURORA)
mail.call("POST", f"/messages/{request['id']}/reply",
          {"body": "All set: Thursday from ten to eleven in the room upstairs, you are invited.\n\nAlice"})
PY
