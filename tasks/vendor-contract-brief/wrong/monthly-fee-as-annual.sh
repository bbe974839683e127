#!/bin/bash
# wrong (wrong amount): names Northwind but gives its monthly fee as the yearly cost (EUR 1,500 per year), and so calls BrightDesk (EUR 7,200) the more expensive.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

| vendor | last day for non-renewal notice | cost per year |
|---|---|---|
| Northwind Hosting | 2026-03-31 | EUR 1,500 |
| BrightDesk | 2026-05-01 | EUR 7,200 |

BrightDesk is the more expensive one: EUR 7,200 per year.
MD
