#!/bin/bash
# wrong (free text: new page comment): tells readers the page was restored to Frank's first version on pg-replica-1
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_runbook import restore

restore(comment="Restored to the first version (pg-replica-1, Postgres 14). Heidi, your notes are gone from here.")
PY
