#!/bin/bash
# wrong (free text: mail body): claims "I have already moved it to Thursday 10:00 in the calendar", a change she neither made nor may make
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import respond

respond()
PY
