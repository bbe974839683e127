#!/bin/bash
# wrong (guessed instead of asking): books Thursday 10:00-11:00 in the Borealis room, the room of the most recent review, taking it for 'the usual room', without asking.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import BOREALIS, book

book("10:00", "11:00", BOREALIS)
PY
