#!/bin/bash
# alternative (free text: public reply, reference order): b71-words-own-opening's reply with the closing question "Once Thursday's update is live, could you try the export again and tell me how it goes?"
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_desk import OWN_WORDS, merge_and_reply

merge_and_reply(OWN_WORDS
    .replace(
        " Could you let me know after Thursday's release whether the export works again for you?\n\n",
        " Once Thursday's update is live, could you try the export again and tell me how it goes?\n\n",
    ))
PY
