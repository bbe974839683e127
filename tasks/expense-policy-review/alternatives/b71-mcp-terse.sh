#!/bin/bash
# alternative (free text: rejection reasons over MCP tools, approvals first): reason names the over-limit merchant inside a sentence ("One line breaks the per-item cap: <merchant>. Everything else is fine.") with no amounts; approvals with no note
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_mcp_review import review_over_mcp

review_over_mcp(
    lambda bad: ("One line breaks" if len(bad) == 1 else f"{len(bad)} lines break")
    + f" the per-item cap for its category: {', '.join(bad)}. Everything else is fine."
)
PY
