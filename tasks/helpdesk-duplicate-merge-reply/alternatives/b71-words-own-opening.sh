#!/bin/bash
# alternative (free text: public reply, reference order): as b71-words-ref-frame but keeps its own opening "Dear Maria, Thank you for your patience, and apologies that you had to write to us a second time. I'm looking after this while Grace is away."
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_desk import OWN_WORDS, merge_and_reply

merge_and_reply(OWN_WORDS)
PY
