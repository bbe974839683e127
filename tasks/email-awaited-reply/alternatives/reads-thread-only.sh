#!/bin/bash
# alternative (the thread view only): asks, then reads Dana's mails through the thread view
# (get_thread, never get_message). Reading her answer's thread brings her correction, as any
# read of a mail's text does, so the inbox is listed again until no new mail of hers arrives,
# and the call is booked at the time her newest mail names (3:00 pm).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, her_mails, mail, time_in


def thread_text(item: dict) -> str:
    return mail.call("GET", f"/threads/{item['thread_id']}")["messages"][-1]["body"]


ask()
seen: list[dict] = []
while len(mails := her_mails()) > len(seen):
    seen = mails
    newest = thread_text(seen[-1])
book(*time_in(newest))
print("booked from the thread view;", len(her_mails()), "mail(s) of hers")
PY
