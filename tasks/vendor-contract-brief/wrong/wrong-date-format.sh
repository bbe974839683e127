#!/bin/bash
# WRONG format: dates written 31/03/2026 and 01/05/2026, not YYYY-MM-DD as asked.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

| vendor | term ends | last day for non-renewal notice | cost per year |
|---|---|---|---|
| Northwind Hosting | 30 April 2026 | 31/03/2026 | EUR 18,000 |
| BrightDesk | 15 June 2026 | 01/05/2026 | EUR 7,200 |

Northwind Hosting costs more: EUR 18,000 per year.
MD
