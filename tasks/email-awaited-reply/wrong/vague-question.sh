#!/bin/bash
# wrong (vague text): the question mail says neither the day nor the length ("Hi Dana, when can
# we talk? Alice"), then the call is booked as she asks.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time
ask("Hi Dana,\n\nWhen can we talk?\n\nAlice", subject="Catch-up")
book(*latest_time())
PY
