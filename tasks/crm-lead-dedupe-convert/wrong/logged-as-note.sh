#!/bin/bash
# Wrong (right action, wrong detail): the call logged as a note, without its length.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
unqualify()
CRM.call('POST', '/activities', {'kind': 'note', 'subject': 'Call with Priya', 'body': NOTE, 'contact_id': c['contact_id'], 'deal_id': c['deal_id']})
merge()
PY
