#!/bin/bash
# wrong (free text: replies): each reply says "I have sent you an invitation", but no one is invited (and must not be)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_plans import PLANS, add

add(replies={f: f"{title} is in my calendar, and I have sent you an invitation to it."
             for f, (title, *_) in PLANS.items()})
PY
