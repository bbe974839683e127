#!/bin/bash
# wrong (free text: mail body): beside the link, sums up the first wrong guesses: the load balancer change and about 2,000 failed payments
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_postmortem import publish

publish(extra="In short: the load balancer change at 09:05 caused it, the rollback at 10:40 fixed it, and about 2,000 payments failed.")
PY
