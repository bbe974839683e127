#!/bin/bash
# wrong (free text: public reply): gives 12 March, then says that date is wishful and April is more realistic, reversing the promised date
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from b71_desk import *  # noqa: F403

merge_and_reply(body_with("Between ourselves, dates like this one tend to be optimistic; I would plan your month-end as if nothing changes until well into April."))
PY
