#!/bin/bash
# wrong (free text: line description): the stock image licence line, charged at 1,250, says it comes with our compliments (free).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(lines=(
    ("Website redesign: design, build, CMS and launch", 20500),
    ("Stock image licence, up to 20 images, with our compliments", 1250),
))
PY
