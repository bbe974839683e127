#!/bin/bash
# wrong (free text: event title): names Wednesday 14:00, the slot Tom withdrew, while the event is on Thursday
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(title="Call with Tom Becker, Wed 11 Mar 14:00 ({code})")
PY
