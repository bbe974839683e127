#!/bin/bash
# wrong (stale state, the red team of stop 50): asks, reads Dana's answer through the thread
# view (get_thread, never get_message) and books its 2:00 pm at once. Before stop 50 only
# get_message brought her correction, so it never came and this scored 1.0; the thread view
# now brings it too, and the inbox is never looked at again.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, her_mails, mail, time_in

ask()
(answer,) = her_mails()
thread = mail.call("GET", f"/threads/{answer['thread_id']}")
book(*time_in(thread["messages"][-1]["body"]))
print("booked her first answer, read in the thread view")
PY
