#!/bin/bash
# alternative (date as "the 12th", a role for a name): asks for "thirty minutes this Thursday, the 12th"; the description names Dana as Northwind's procurement lead
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_dana import run

run(ask="Hi Dana,\n\nCould we find thirty minutes this Thursday, the 12th, to talk through the Northwind renewal? Which time that day works best for you?\n\nThanks,\nAlice", description="Half an hour with Northwind's procurement lead about the contract renewal.", location="Phone call")
PY
