#!/bin/bash
# wrong (free text: question mail body): asks Dana for "about three quarters of an hour" on Thursday, then books the 30-minute call
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(ask="Hi Dana,\n\nI'd like to set up a call with you on Thursday (March 12) about the Northwind renewal; it should take about three quarters of an hour. What time on Thursday suits you best?\n\nThanks,\nAlice")
PY
