#!/bin/bash
# wrong (free text: page labels): labels the postmortem load-balancer and redis, the ruled-out cause and another incident's
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_postmortem import publish

publish(labels=("checkout", "load-balancer", "postmortem", "redis"))
PY
