#!/bin/bash
# wrong (free text: question mail body): asks what time suits her "Thursday week" (the 19th), though the call is this Thursday, the 12th
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(ask="Hi Dana,\n\nI'd like to set up a 30-minute call with you about the Northwind renewal, Thursday week. What time that Thursday suits you best?\n\nThanks,\nAlice")
PY
