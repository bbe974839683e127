#!/bin/bash
# alternative (blind tester, stop 48: right-draft-send-edge): writes the question as a draft and
# sends the draft (send_draft), not send_message; the mail reaches Dana all the same, so she
# answers it. Then reads every mail of hers until no new one comes and books her latest time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import DANA, QUESTION, book, latest_time, mail

draft = mail.call("POST", "/drafts", {"to": [DANA], "subject": "Call on Thursday", "body": QUESTION})
mail.call("POST", f"/drafts/{draft['id']}/send")
when = latest_time()
book(*when)
print("booked", when)
PY
