#!/bin/bash
# alternative (true Notes section after the action items): the 09:05 load balancer change was a red herring; nobody was charged twice
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_postmortem import publish

publish(body_extra="## Notes\nThe first mails suspected the 09:05 load balancer change; rolling it back at 10:40 did not help. No customer was charged twice.")
PY
