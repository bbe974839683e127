#!/bin/bash
# Reference solution of vendor-contract-brief: the brief, written from the four contracts
# (term end minus the notice period; PaperTrail expires; Vela's term ends in November).
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

| vendor | term ends | notice period | last day for non-renewal notice | cost per year |
|---|---|---|---|---|
| Northwind Hosting (managed hosting) | 30 April 2026 | 30 days | 2026-03-31 | EUR 18,000 |
| BrightDesk (helpdesk support) | 15 June 2026 | 45 days | 2026-05-01 | EUR 7,200 |

Northwind Hosting is the more expensive of the two: EUR 18,000 per year (EUR 1,500 a month).

Not renewing automatically in the window: the archiving order form simply expires at the end of
May, and the analytics licence runs until the end of November.
MD
