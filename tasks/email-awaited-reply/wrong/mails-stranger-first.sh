#!/bin/bash
# wrong (an extra mail): mails a colleague, Ravi, about the call before asking Dana (a mail to
# anyone but Dana brings no answer of hers), then asks her, reads her mails and books 3:00 pm
# right: Ravi got a mail the task never asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, her_mails, latest_time, mail

mail.call(
    "POST",
    "/messages/send",
    {"to": ["ravi@example.test"], "subject": "Thursday", "body": "Hi Ravi, any news? Alice"},
)
assert not her_mails(), "Dana answered a mail sent to Ravi"
ask()
when = latest_time()
book(*when)
print("booked", when, "after an extra mail to Ravi")
PY
