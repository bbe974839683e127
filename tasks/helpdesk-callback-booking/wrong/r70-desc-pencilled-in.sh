#!/bin/bash
# wrong (free text: event description): calls the slot "pencilled in, Tom still has to okay it", but it is the booking Tom asked for
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(description="Pencilled in only: Tom still has to okay it, so treat the slot as soft until he does.")
PY
