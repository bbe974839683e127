#!/bin/bash
# alternative (free text: public reply, reference order): b71-words-own-opening's reply with the date only as "the day after tomorrow, that is Thursday the 12th" (true: today is Tuesday 10 March)
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_desk import OWN_WORDS, merge_and_reply

merge_and_reply(OWN_WORDS
    .replace(
        '1 on Thursday 12 March.\n\n',
        '1 the day after tomorrow, that is Thursday the 12th.\n\n',
    ))
PY
