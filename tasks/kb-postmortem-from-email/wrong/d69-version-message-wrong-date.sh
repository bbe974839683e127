#!/bin/bash
# wrong (free text: page and index version messages): record the page as the postmortem of the 12 November Redis outage
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_postmortem import publish

publish(page_message="Postmortem of the 12 November Redis outage", index_message="List the Redis outage postmortem")
PY
