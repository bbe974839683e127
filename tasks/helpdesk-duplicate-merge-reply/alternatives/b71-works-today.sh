#!/bin/bash
# alternative (free text: public reply, reference order): b71-words-own-opening's reply plus the true "That gives you a PDF of the invoice without going through the export button, so it works today"
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_desk import OWN_WORDS, merge_and_reply

merge_and_reply(OWN_WORDS
    .replace(
        ' That gives you a PDF of the invoice.\n\n',
        ' That gives you a PDF of the invoice without going through the export button, so it works today.\n\n',
    ))
PY
