#!/bin/bash
# Wrong (the same thing done twice): logs the call once on the contact and again on the deal.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
unqualify()
CRM.call('POST', '/activities', {'kind': 'call', 'subject': 'Call with Priya', 'body': NOTE, 'contact_id': c['contact_id'], 'duration_minutes': 30})
CRM.call('POST', '/activities', {'kind': 'call', 'subject': 'Call with Priya', 'body': NOTE, 'deal_id': c['deal_id'], 'duration_minutes': 30})
merge()
PY
