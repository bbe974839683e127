#!/bin/bash
# wrong (free text: event title): titles the call "Thursday week", i.e. Thursday 19 March, while it is booked this Thursday the 12th
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(title="Tom Becker callback, Thursday week: Harbour room screen sharing ({code})")
PY
