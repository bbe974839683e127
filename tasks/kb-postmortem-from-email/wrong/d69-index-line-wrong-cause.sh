#!/bin/bash
# wrong (free text: index line beside the link): annotates the new link with the load balancer as the cause and 2,000 failures
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_postmortem import publish

publish(index_suffix=" (load balancer change, about 2,000 failed payments)")
PY
