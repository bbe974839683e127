#!/bin/bash
# wrong (free text: extra mail to Tom): besides the right booking and reply, mails Tom that the call is on Friday 13 March at 15:00
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(mail="Hi Tom,\n\njust to confirm: our call is on Friday 13 March at 15:00 New York time.\n\nAlice")
PY
