#!/bin/bash
# wrong (free text: CRM activity): logs on the won deal a note "Agreed Net 30, USD 24,000 incl. photo shoot", facts contradicting what was billed.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(activity="Deal won. Agreed with Ingrid: USD 24,000 including the photo shoot, Net 30 payment terms."))
PY
