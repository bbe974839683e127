#!/bin/bash
# Wrong (look-alike decoy): the mail carries the address of the November postmortem.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = publish()
link(page)
old = page_titled("Postmortem: checkout outage 12 November")
send(page, text=f"The postmortem: http://localhost:5130/pages/{old['id']}")
PY
