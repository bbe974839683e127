#!/bin/bash
# alternative (free text: rejection reason over MCP, approvals first): "Over the per-item limit of its category: <merchant>."
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_mcp_review import review_over_mcp

review_over_mcp(
    lambda bad: f"Over the per-item limit of its category: {', '.join(bad)}."
)
PY
