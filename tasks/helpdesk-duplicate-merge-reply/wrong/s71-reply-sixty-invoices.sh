#!/bin/bash
# wrong (free text: public reply, a figure in digits): the right date and workaround, plus "the 60 invoices" she has to send, though she wrote of about 40
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(extra="I know you still have 60 invoices to send out before you close the month, so I have raised the priority of your ticket.")
PY
