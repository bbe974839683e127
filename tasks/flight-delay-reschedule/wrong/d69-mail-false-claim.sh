#!/bin/bash
# wrong (free text: mail body): right new time, plus "I have also moved our weekly planning to Thursday", which was not done (and must not be)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_delay import move

move(body="Hello,\n\nMy flight is delayed, so {title} moves to {start:%A %d %B} at {start:%H:%M} "
     "(London time), same place and length. I have also moved our weekly planning to Thursday."
     "\n\nAlice")
PY
