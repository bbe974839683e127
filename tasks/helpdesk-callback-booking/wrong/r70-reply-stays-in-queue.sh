#!/bin/bash
# wrong (free text: public reply): tells Tom the ticket "stays live in our queue and we keep chipping away at it", while it is put on hold until the call
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(reply="Hi Tom,\n\nI have booked our 30-minute call for {when}. Meanwhile your ticket stays live in our queue and we keep chipping away at it.\n\nAlice")
PY
