#!/bin/bash
# Wrong (collateral damage): the index rewritten with the new link alone, the other
# postmortems dropped.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = publish()
kb.call("PATCH", f"/pages/{INDEX['id']}", {"body": f"# Incident reports\n\n- [[{page['title']}]]\n"})
send(page)
PY
