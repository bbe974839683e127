#!/bin/bash
# alternative (time in words): the right booking, then a reply "three in the afternoon Eastern on the 12th, for half an hour"
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_dana import run

run(confirm="Hi Dana,\n\nThank you: you are in my calendar for three in the afternoon Eastern on the 12th, for half an hour. The invitation is on its way.\n\nAlice")
PY
