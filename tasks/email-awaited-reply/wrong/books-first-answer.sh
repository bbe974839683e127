#!/bin/bash
# wrong (acts on stale state): asks, opens Dana's answer (2:00 pm) and books it at once; her
# correction arrived the moment the answer was opened, and the inbox is never looked at again.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, her_mails, read, time_in
ask()
(answer,) = her_mails()
book(*time_in(read(answer["id"])))
print("booked her first answer")
PY
