#!/bin/bash
# wrong (free text: public reply): the right date and workaround, plus a claim that this month's fees were credited, which nobody did
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(extra="To make up for it, I have already credited this month's subscription fee to your account.")
PY
