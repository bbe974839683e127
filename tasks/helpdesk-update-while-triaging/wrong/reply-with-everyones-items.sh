#!/bin/bash
# Content: the right words plus everyone else's items: the reply also tells Tom about Priya's monitor and Maria's signature question.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
reply(TOM, RIGHT_REPLY + "\n\nPS: the monitor ticket of Priya Nair (TK-1101) and the signature question of Maria Gonzalez (TK-1103) are in hand too.")
PY
