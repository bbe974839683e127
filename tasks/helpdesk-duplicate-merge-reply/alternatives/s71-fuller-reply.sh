#!/bin/bash
# alternative (a fuller public reply, every figure and day true, in other words): both her tickets by day, the release and its day, the workaround step by step, her 40 invoices and the priority raised
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from desk import merge, reply, set_fields

merge()
set_fields()
reply(
    text=(
        "Dear Maria,\n\n"
        "Thank you for writing again, and I am sorry the invoice export still stops with "
        "\"Error 500\". I am looking after your request while Grace is away this week. Your first "
        "ticket of Saturday 7 March and the one you sent today, Tuesday 10 March, are now a "
        "single conversation: TK-1041.\n\n"
        "Our technical team has reproduced the problem, and the fix is part of version 4.2.1, "
        "due out this Thursday, 12 March.\n\n"
        "You do not have to wait for it to send your invoices: open an invoice, choose Print, "
        "and in your browser's print dialog pick \"Save as PDF\" as the destination. This way "
        "round does not use the export that is failing, so it works for each of your invoices.\n\n"
        "As you close the month this week with about 40 invoices to send, I have raised your "
        "ticket to high priority and will follow it myself. Could you tell me after Thursday "
        "whether the export works for you again?\n\n"
        "Kind regards,\nAlice Martin"
    )
)
PY
