#!/bin/bash
# wrong (free text: public reply): the right date, but the stand-in is invented: "use the phone app's Share button to send the invoice as a PDF"; Carol's workaround is the browser's Print > Save as PDF
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from b71_desk import *  # noqa: F403

merge_and_reply(RIGHT.replace("open the invoice, press Print and choose 'Save as PDF' in your browser's print dialog", "open each invoice in our phone app and use its Share button, which sends it out as a PDF without touching the broken export"))
PY
