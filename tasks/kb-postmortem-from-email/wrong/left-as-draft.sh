#!/bin/bash
# Wrong (partial): the page saved as a draft, listed and mailed, never published.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = publish(status="draft")
link(page)
send(page)
PY
