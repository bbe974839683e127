#!/bin/bash
# wrong (extra change): asks, books Aurora 10:30-11:30 correctly, then deletes Maria's request and her answer from the inbox (nobody asked to tidy the mail).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:30")
for m in mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"]:
    mail.call("DELETE", "/messages/%s" % m["id"])
PY
