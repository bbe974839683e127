#!/bin/bash
# wrong (free text: rejection reason): states the category limits wrongly in words (meals "sixty dollars", lodging "three hundred and fifty"); they are 75 and 400
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

WORDS = {"meals": "sixty dollars", "lodging": "three hundred and fifty dollars a night"}
review(reason=lambda r: plain_reason(r) + " (" + "; ".join(f"{i['merchant']}: the {i['category']} cap is {WORDS.get(i['category'], 'lower')}" for i in over_items(r)) + ")")
PY
