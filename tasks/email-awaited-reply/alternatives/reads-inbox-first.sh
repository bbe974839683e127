#!/bin/bash
# alternative (blind tester, stop 48: right-probe-reads-inbox-first): opens every mail of the
# inbox first for context (get_message on Ravi's, IT's and the newsletter), then asks Dana, reads
# every mail of hers until no new one comes and books her latest time. The mails opened before
# her answer came bring no correction: it waits for a mail opened once she has answered.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time, mail, read

for item in mail.call("GET", "/messages?folder=inbox")["items"]:
    read(item["id"])
ask()
when = latest_time()
book(*when)
print("booked", when)
PY
