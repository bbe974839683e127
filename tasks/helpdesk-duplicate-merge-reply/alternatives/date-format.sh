#!/bin/bash
# ALT (correct): REST API, reply worded differently with the date as "March 12th (Thursday)" and the
# workaround described as the browser's print-to-PDF; status pending set by a separate update.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
desk.call("POST", "/tickets/TK-1047/merge", {"merged_into": "TK-1041"})
kept = desk.call("GET", "/tickets/TK-1041")
desk.call("POST", "/tickets/TK-1041/comments", {"public": True, "body":
  "Hello Maria,\n\nI've taken over from Grace and joined your new ticket to this one.\n\n"
  "Good news: the fix is part of version 4.2.1, released on March 12th (Thursday).\n\n"
  "Until it's out, you can print each invoice to PDF from your browser: open the invoice, hit Print, "
  "and select Save as PDF in the print dialog.\n\nRegards,\nAlice"})
desk.call("PATCH", "/tickets/TK-1041", {"assignee": "alice", "priority": "high", "tags": kept["tags"] + ["month-end"], "status": "pending"})
PY
