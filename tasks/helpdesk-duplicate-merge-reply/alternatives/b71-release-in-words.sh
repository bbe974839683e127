#!/bin/bash
# alternative (free text: public reply, reference order): b71-words-own-opening's reply with the release spelled "four point two point one"
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_desk import OWN_WORDS, merge_and_reply

merge_and_reply(OWN_WORDS
    .replace(
        'The fix ships in release 4.2.1 on Thursday 12 March.\n\n',
        'The fix ships in release four point two point one on Thursday 12 March.\n\n',
    ))
PY
