#!/bin/bash
# Wrong (another incident in the text): adds that this follows the 12 November Redis outage.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
do_all(BODY.replace("## Impact", "## Context\nThe second checkout incident after the Redis outage of 12 November (14:02 to 14:37).\n\n## Impact"))
PY
