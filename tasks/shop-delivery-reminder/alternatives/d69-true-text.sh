#!/bin/bash
# alternative (true free text): description and location that agree with the order, carrier, window and home address
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_desk import remind

remind(
    description="FastFreight delivers the Electric Standing Desk 140x70 (order {code}) on "
    "{day:%A %-d %B}, between 08:00 and 18:00. Someone must be home to sign: work from home.",
    location="Home, 12 Rue des Lilas, 69003 Lyon",
)
PY
