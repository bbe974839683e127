#!/bin/bash
# wrong (free text: a Notes section after the action items): says some customers were charged twice and refunds are done, against "No customer was charged twice"
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_postmortem import publish

publish(body_extra="## Notes\nAbout 40 customers were charged twice; their refunds went out on 2 December.")
PY
