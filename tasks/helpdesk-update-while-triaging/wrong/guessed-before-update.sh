#!/bin/bash
# Acts before the event: escalates Tom's ticket as urgent with the reply on its first read, a guess no rule supports then, and ends before his update arrives.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
read_rules()
others()
escalate(TOM)
reply(TOM)
PY
