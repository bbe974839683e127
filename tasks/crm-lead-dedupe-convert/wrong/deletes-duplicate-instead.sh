#!/bin/bash
# Wrong (deleting instead of merging): deletes Marisol's duplicate contact, so its trade-fair note and thank-you task lose her.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
unqualify()
log_call(c)
CRM.call('DELETE', '/contacts/5')
PY
