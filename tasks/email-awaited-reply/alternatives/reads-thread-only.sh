#!/bin/bash
# alternative (a world where the correction never comes): asks, reads Dana's answer through the
# thread view (get_thread, never get_message, so her correction is never sent) and books the
# 2:00 pm she gave: with no correction, her answer is her last word.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, her_mails, mail, time_in
ask()
(answer,) = her_mails()
thread = mail.call("GET", f"/threads/{answer['thread_id']}")
book(*time_in(thread["messages"][-1]["body"]))
print("booked", len(her_mails()), "mail(s) of hers")
PY
