#!/bin/bash
# WRONG (decoy): lists Vela Analytics too (its term ends in November) and names it the most expensive at EUR 24,000.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically

| vendor | term ends | last day for non-renewal notice | cost per year |
|---|---|---|---|
| Northwind Hosting | 30 April 2026 | 2026-03-31 | EUR 18,000 |
| BrightDesk | 15 June 2026 | 2026-05-01 | EUR 7,200 |
| Vela Analytics | 30 November 2026 | 2026-09-01 | EUR 24,000 |

Vela Analytics costs the most: EUR 24,000 per year.
MD

