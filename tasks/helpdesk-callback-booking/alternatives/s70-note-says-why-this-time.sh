#!/bin/bash
# alternative (true internal note and description): the note says why this time (he withdrew his first day; 11:30 on the 12th is the one free half hour of his new windows) and the description says what the call is for.
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_callback import book

book(
    description="Tom shows how screen sharing from the Harbour room's display drops after a "
    "minute or two.",
    note="Booked the 12th, 11:30-12:00 New York time: he withdrew his first day, and this is "
    "the one free half hour of his new windows. On hold until then.",
)
PY
