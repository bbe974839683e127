#!/bin/bash
# wrong (wrong details): right vendors and cost, but the notice deadlines are miscounted (2026-04-01 and 2026-05-02, one day late, i.e. too late to give the notice).
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

| vendor | term ends | last day for non-renewal notice | cost per year |
|---|---|---|---|
| Northwind Hosting | 30 April 2026 | 2026-04-01 | EUR 18,000 |
| BrightDesk | 15 June 2026 | 2026-05-02 | EUR 7,200 |

Northwind Hosting costs more: EUR 18,000 per year.
MD
