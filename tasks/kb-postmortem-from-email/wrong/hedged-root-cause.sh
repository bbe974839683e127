#!/bin/bash
# Wrong (a hedge): the root cause section names both the load balancer change and the
# certificate, not saying which.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
do_all(BODY.replace("The TLS certificate of the payments gateway expired. The load balancer change was unrelated.", "Either the load balancer change or the expired TLS certificate of the payments gateway."))
PY
