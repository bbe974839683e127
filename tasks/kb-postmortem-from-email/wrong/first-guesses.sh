#!/bin/bash
# Wrong (contaminated thread, first mails believed): the load balancer change as the root
# cause, recovery at 10:40 and about 2,000 failed payments.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
do_all(BODY.replace("failed from 09:14 to 10:52 UTC: the payments\ngateway answered 502 because its TLS certificate had expired", "failed from 09:14 until 10:40 UTC after a load balancer change")
         .replace("The TLS certificate of the payments gateway expired. The load balancer change was unrelated.", "The load balancer change deployed at 09:05.")
         .replace("1,312 checkouts failed", "About 2,000 payments failed"))
PY
