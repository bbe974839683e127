#!/bin/bash
# wrong (free text: approval note): on an approved report, names its most expensive item as over the limit and to be fixed
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(note=lambda r: f"Approved, but {dearest(r)} is over the category limit, please fix it.")
PY
