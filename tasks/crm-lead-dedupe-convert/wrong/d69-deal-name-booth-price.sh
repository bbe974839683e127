#!/bin/bash
# wrong (free text: deal name): names the deal "Kestrel Robotics: fleet tracking, USD 52,000/yr", the booth list price, beside its amount of 48,500.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(deal_name="Kestrel Robotics: fleet tracking, USD 52,000/yr"))
PY
