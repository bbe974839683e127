#!/bin/bash
# Wrong (no write-up): the thread's mails pasted into the page as they are, first guesses and
# the vendor's pitch included.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
msgs = mail.call("GET", "/messages?q=payment%20failures&per_page=50")["items"]
texts = [mail.call("GET", f"/messages/{m['id']}")["body"] for m in sorted(msgs, key=lambda m: m["date"])]
do_all("# Postmortem: checkout payment failures\n\n" + "\n\n---\n\n".join(texts))
PY
