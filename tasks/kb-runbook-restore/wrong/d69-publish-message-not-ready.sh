#!/bin/bash
# wrong (free text: publish version message): publishes the drill checklist with the message "not ready, do not use", contradicting that it is ready
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_runbook import restore

restore(publish_message="Not ready yet - do not use for the drill")
PY
