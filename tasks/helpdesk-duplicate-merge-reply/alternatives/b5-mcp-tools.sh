#!/bin/bash
# ALT (correct): same outcome through the MCP tools at /mcp, different order (fields first, then merge,
# then reply) and different wording of the reply.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
m = McpClient("http://127.0.0.1:5100/mcp")
m.call("login", username="alice", password="alice-pass")
t = m.call("get_ticket", code="TK-1041")
m.call("update_ticket", code="TK-1041", assignee="alice", priority="high", tags=sorted(set(t["tags"]) | {"month-end"}))
m.call("merge_ticket", code="TK-1047", merged_into="TK-1041")
m.call("add_comment", code="TK-1041", public=True, status="pending", body="Dear Maria,\n\nThank you for your patience, and sorry for the trouble at month end. I've combined your "
    "two requests into this one.\n\nA fix is scheduled for release 4.2.1, which goes out on Thursday, 12 March.\n\n"
    "In the meantime, a workaround: open the invoice, click Print, and in your browser's print dialog pick "
    "\"Save as PDF\" as the destination. That produces the PDF without the export.\n\n"
    "Please let us know how it goes.\n\nKind regards,\nAlice Martin")
PY
