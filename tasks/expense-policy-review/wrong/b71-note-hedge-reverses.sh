#!/bin/bash
# wrong (free text: approval note): approvals say "approved on paper only; treat it as turned down until finance says otherwise", reversing the decision
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(note=lambda r: "Approved on paper only, please treat this as turned down until finance says otherwise.")
PY
