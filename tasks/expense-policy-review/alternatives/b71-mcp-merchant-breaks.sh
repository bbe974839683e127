#!/bin/bash
# alternative (free text: rejection reason over MCP, approvals first): "<merchant> breaks the per-item limit of its category."
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from b71_mcp_review import review_over_mcp

review_over_mcp(lambda bad: f"{' and '.join(bad)} breaks the per-item limit of its category.")
PY
