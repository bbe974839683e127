#!/bin/bash
# WRONG decision: names BrightDesk (EUR 7,200) as the one that costs more.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

| vendor | term ends | last day for non-renewal notice |
|---|---|---|
| Northwind Hosting | 30 April 2026 | 2026-03-31 |
| BrightDesk | 15 June 2026 | 2026-05-01 |

BrightDesk costs us more per year: EUR 7,200 (Northwind is billed EUR 1,500 monthly).
MD
