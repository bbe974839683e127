#!/bin/bash
# wrong (ignores the correction): asks, opens every mail of Dana's (both arrive), but books the
# time of her first answer, the oldest mail, as if the correction had not come.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, her_mails, read, time_in
ask()
read(her_mails()[0]["id"])
first, *_later = her_mails()
for item in _later:
    read(item["id"])
book(*time_in(read(first["id"])))
print("booked the first answer of", len(her_mails()), "mails")
PY
