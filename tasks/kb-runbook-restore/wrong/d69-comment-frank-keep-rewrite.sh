#!/bin/bash
# wrong (free text: new page comment): tells Frank his Patroni rewrite is kept and will replace the runbook, though it was discarded
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_runbook import restore

restore(comment="Frank: your Patroni rewrite is kept as a draft and will replace this runbook next week.")
PY
