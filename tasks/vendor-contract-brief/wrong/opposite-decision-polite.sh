#!/bin/bash
# wrong (opposite-decision-polite): right vendors, dates and cost, but the brief politely tells the reader that these contracts simply expire and need no notice, the opposite of the facts.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contract brief

Good news: none of the contracts ending before 1 July 2026 will renew automatically, so there
is nothing you need to send.

| vendor | term ends | notice date | cost per year |
|---|---|---|---|
| Northwind Hosting | 30 April 2026 | 2026-03-31 (not needed, the contract simply expires) | EUR 18,000 |
| BrightDesk | 15 June 2026 | 2026-05-01 (not needed, the subscription simply expires) | EUR 7,200 |

Northwind Hosting costs more, EUR 18,000 per year, but it ends on its own, so you can relax.
MD
