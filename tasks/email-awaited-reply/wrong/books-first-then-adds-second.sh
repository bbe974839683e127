#!/bin/bash
# wrong (stale booking kept): books her first answer, then sees the correction and books 15:00
# too, leaving the 14:00 call in the calendar.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, her_mails, latest_time, read, time_in
ask()
book(*time_in(read(her_mails()[0]["id"])))
book(*latest_time())
PY
