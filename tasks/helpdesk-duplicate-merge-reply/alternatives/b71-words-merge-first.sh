#!/bin/bash
# alternative (free text: public reply, after the merge and the edits as the reference orders them): the fix date said as "the day after tomorrow, Thursday the 12th", the release as "four point two point one", the workaround in fuller true detail
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_desk import OWN_WORDS, merge_and_reply

merge_and_reply(OWN_WORDS
    .replace(
        'The fix ships in release 4.2.1 on Thursday 12 March.\n\n',
        'The correction is part of version four point two point one of the app, due out the day after tomorrow, that is Thursday the 12th.\n\n',
    )
    .replace(
        " That gives you a PDF of the invoice.\n\nI have merged your two tickets. Could you let me know after Thursday's release whether the export works again for you?\n\nBest regards,\n",
        " That gives you a PDF of the invoice without going through the export button, so it works today.\n\nI've combined your two tickets into this one. Once Thursday's update is live, could you try the export again and tell me how it goes?\n\nKind regards,\n",
    ))
PY
