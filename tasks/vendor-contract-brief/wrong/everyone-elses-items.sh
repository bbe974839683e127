#!/bin/bash
# wrong (everyone-elses-items): lists all four contracts as renewing, with a notice date for each, so the expiring PaperTrail order and the November Vela licence are listed too; Vela is named the costliest.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically

| vendor | term ends | last day for non-renewal notice | cost per year |
|---|---|---|---|
| Northwind Hosting | 2026-04-30 | 2026-03-31 | EUR 18,000 |
| PaperTrail Archiving | 2026-05-31 | 2026-05-01 | EUR 3,600 |
| BrightDesk | 2026-06-15 | 2026-05-01 | EUR 7,200 |
| Vela Analytics | 2026-11-30 | 2026-09-01 | EUR 24,000 |

The most expensive is Vela Analytics at EUR 24,000 per year; among the earlier ones Northwind
Hosting at EUR 18,000 per year.
MD
