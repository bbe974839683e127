#!/bin/bash
# alternative (mail body with a true summary): cause, times, count and each owner's action item as established
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_postmortem import publish

publish(extra="In short: the TLS certificate of pay-gw.internal expired; payments failed from 09:14 to 10:52 UTC and 1,312 checkouts failed. Frank: certificate expiry alerts by 11 December; Grace: the apology with a 10% voucher by 4 December.")
PY
