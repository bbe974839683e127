#!/bin/bash
# wrong (partial): lists only Northwind Hosting as renewing; the BrightDesk subscription (auto-renews, ends 15 June) is left out.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

| vendor | term ends | last day for non-renewal notice | cost per year |
|---|---|---|---|
| Northwind Hosting | 30 April 2026 | 2026-03-31 | EUR 18,000 |

Only Northwind renews in the window, at EUR 18,000 per year.
MD
