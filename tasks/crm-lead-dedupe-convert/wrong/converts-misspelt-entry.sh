#!/bin/bash
# Wrong (look-alike decoy: the duplicate record): converts the badge-scan entry (misspelt name, no phone or title) and unqualifies the complete one; the new contact is 'Pryia' without her details.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert(lead_id=2)
unqualify(lead_id=1)
log_call(c)
merge()
PY
