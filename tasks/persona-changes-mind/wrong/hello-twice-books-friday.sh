#!/bin/bash
# wrong (red team, never asks): two mails that ask nothing ("hi"), then the Friday slot booked
# and confirmed as if Tom had named it: an agent that guesses the last word without asking
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
tell("hi")
tell("hi")
book(FRIDAY)
confirm(FRIDAY)
PY
