#!/bin/bash
# Wrong (right effect, wrong details): corrects the item and submits, but the receipt it
# uploads is the mail's text, not the invoice file attached to it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

import base64

(found,) = mail.call("GET", "/messages?q=room%20412")["items"]
body = mail.call("GET", f"/messages/{found['id']}")["body"]
correct_hotel(609.53, "EUR", "2026-03-05")
attach({"filename": "adlon-invoice.txt", "content_type": "text/plain",
        "content_base64": base64.b64encode(body.encode()).decode()})
submit()
PY
