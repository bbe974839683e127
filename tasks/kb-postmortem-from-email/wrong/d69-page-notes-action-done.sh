#!/bin/bash
# wrong (free text: a Notes section after the action items): says both action items are already done, though they are due 4 and 11 December
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_postmortem import publish

publish(body_extra="## Notes\nBoth action items are already done: the expiry alerts are live and the vouchers went out.")
PY
