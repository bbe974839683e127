#!/bin/bash
# alternative (a true internal note and a true extra paragraph in the reply): the note records the merge, the cause and reference (internal notes may name them), the release day and why the ticket is high and pending
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(
    note=(
        "Merged TK-1047 (Maria's second ticket, Tuesday 10 March) into TK-1041, opened "
        "Saturday 7 March. Per Carol's note the cause is the expired PDF renderer licence "
        "(ENG-4471); the fix ships in 4.2.1 on Thursday 12 March. Told Maria the Print > Save as "
        "PDF workaround. She has about 40 invoices for her month-end close, so priority high, "
        "tagged month-end, pending her reply. Grace is out this week, so I have taken it."
    ),
    extra="Both of your messages are now in this one ticket, so you will hear from me here.",
)
PY
