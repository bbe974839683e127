#!/bin/bash
# wrong (free text: public reply): says "a teammate from first-line support will take the call in my place", but Alice booked the call for herself
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(reply="Hi Tom,\n\nI have booked our 30-minute call for {when}. A teammate from first-line support will take the call in my place; you will get a calendar invitation by mail.\n\nAlice")
PY
