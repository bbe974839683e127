#!/bin/bash
# alternative (free text: public reply, reference order): b71-words-own-opening's reply with "I've combined your two tickets into this one." for "I have merged your two tickets."
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_desk import OWN_WORDS, merge_and_reply

merge_and_reply(OWN_WORDS
    .replace(
        'I have merged your two tickets.',
        "I've combined your two tickets into this one.",
    ))
PY
