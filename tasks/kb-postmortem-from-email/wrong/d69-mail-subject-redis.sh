#!/bin/bash
# wrong (free text: mail subject): the mail with the right link is titled as the 12 November Redis outage
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_postmortem import publish

publish(subject="Postmortem: checkout outage 12 November (Redis memory)")
PY
