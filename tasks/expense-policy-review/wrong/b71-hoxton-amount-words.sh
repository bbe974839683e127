#!/bin/bash
# wrong (free text: rejection reason): Hoxton said to come to "roughly four hundred and five dollars" and Franklin to "ninety-odd dollars"; they are USD 419.10 and USD 80.50
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

AMT = {"The Hoxton Holborn": "roughly four hundred and five dollars once converted", "Franklin Barbecue": "ninety-odd dollars"}
review(reason=lambda r: plain_reason(r) + " (" + "; ".join(f"{i['merchant']} came to {AMT.get(i['merchant'], 'too much')}" for i in over_items(r)) + ")")
PY
