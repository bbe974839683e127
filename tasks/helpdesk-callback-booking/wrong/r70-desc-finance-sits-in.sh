#!/bin/bash
# wrong (free text: event description): says "his colleague from accounts is dialling in as well", but only Tom is invited
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(description="Tom shows us the Harbour screen share dropping; his colleague from accounts is dialling in as well.")
PY
