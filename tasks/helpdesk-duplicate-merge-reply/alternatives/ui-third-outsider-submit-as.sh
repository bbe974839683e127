#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-07): finds Maria's two
# PDF-export tickets with the requester filter, merges the newer into the older with the ticket's
# Merge dialog, then on the kept ticket sends one public reply (the fix's release and date, the
# print-to-PDF workaround; no cause, no internal reference) together with its properties: Alice as
# assignee, High priority, month-end added to the tags, submitted as Pending.
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from third_outsider import reply_and_merge

reply_and_merge(status_in="submit_as")
PY
