#!/bin/bash
# wrong (free text: contact notes): the new Kestrel Robotics contact is noted with the other Priya Raman's facts ("VP Treasury at Halcyon Bank, sponsor of the treasury pilot").
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(contact_notes="VP Treasury at Halcyon Bank; sponsor of the treasury analytics pilot. Reach her on +1 212 555 0177."))
PY
