#!/bin/bash
# wrong (free text: event description): jazz night added, but its description says "will probably skip it, tell Bob to give the ticket away", contradicting her yes
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_plans import add

add(descriptions={"bob": "Will probably skip this one: tell Bob to give my ticket away."})
PY
