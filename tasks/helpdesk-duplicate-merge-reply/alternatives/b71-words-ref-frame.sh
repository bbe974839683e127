#!/bin/bash
# alternative (free text: public reply, reference order): as b71-words-ref-date-no-works-today with the reference's greeting and closing; keeps its own workaround wording (click Print or Ctrl+P / Cmd+P, pick 'Save as PDF' as the destination)
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_desk import OWN_WORDS, merge_and_reply

merge_and_reply(OWN_WORDS
    .replace(
        "Dear Maria,\n\nThank you for your patience, and apologies that you had to write to us a second time. I'm looking after this while Grace is away.\n\n",
        'Hi Maria,\n\n',
    ))
PY
