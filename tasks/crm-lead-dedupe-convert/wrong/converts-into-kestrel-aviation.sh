#!/bin/bash
# Wrong (look-alike decoy: another company): converts Priya into the existing Kestrel Aviation account (CUS-104) instead of a new Kestrel Robotics account.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert(account='CUS-104')
unqualify()
log_call(c)
merge()
PY
