#!/bin/bash
# Wrong (not "as it is"): adds a step to Alice's checklist before publishing it; the rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
body = kb.call("GET", f"/pages/{CHECKLIST['id']}")["body"]
kb.call("PATCH", f"/pages/{CHECKLIST['id']}", {"body": body + "- [ ] Send the timings to Frank\n"})
do_all()
PY
