#!/bin/bash
# Wrong (partial): the mail says where to look but carries no address of the page.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = publish()
link(page)
send(page, text="The postmortem is in the wiki under Incident reports.")
PY
