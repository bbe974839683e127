#!/bin/bash
# alternative (order: MCP, every approval before any rejection): the existing mcp-tools alternative's reason text ("Sorry, I can't approve this: <merchant>'s expense is over the category limit."), to tell order from wording
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_mcp_review import review_over_mcp

review_over_mcp(
    lambda bad: "Sorry, I can't approve this: "
    + " and ".join(f"{x}'s expense" for x in bad)
    + " is over the category limit."
)
PY
