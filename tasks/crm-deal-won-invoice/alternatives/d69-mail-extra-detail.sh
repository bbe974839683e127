#!/bin/bash
# alternative (fuller mail): the right actions, and a mail whose subject and body add true details (the two lines, 45-day terms, the old draft withdrawn).
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(
    subject="Invoice {code}: USD 21,750.00, due {due}",
    extra="It covers the redesign (USD 20,500) and the stock image licence (USD 1,250), at your {days}-day terms. The earlier draft with the photo shoot has been withdrawn and will not be sent.\n\n",
))
PY
