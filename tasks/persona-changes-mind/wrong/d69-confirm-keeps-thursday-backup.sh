#!/bin/bash
# wrong (free text: confirmation mail): confirms Friday 11:00 and promises to "keep Thursday 15:00 pencilled in as a backup", which is neither done nor agreed
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_tom import book

book(confirm_tail=lambda when: "I will also keep Thursday 12 March at 15:00 pencilled in as a "
     "backup in case your trip moves.")
PY
