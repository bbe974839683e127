#!/bin/bash
# wrong (free text: ticket subject): renames the ticket with the internal cause and reference (expired renderer licence, ENG-4471), which Maria sees in every mail
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(subject="Invoice PDF export fails: PDF renderer licence expired (ENG-4471)")
PY
