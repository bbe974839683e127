#!/bin/bash
# wrong (free text: event description): claims "delivery moved to Saturday 7 March with FastFreight", a change no one made
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_desk import remind

remind(description="I asked FastFreight to move the delivery of {code} to Saturday 7 March; "
       "they confirmed.")
PY
