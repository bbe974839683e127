#!/bin/bash
# wrong (wrong details / format): right facts but the deadlines are written '31 March 2026' and '1 May 2026', not YYYY-MM-DD as asked.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

- Northwind Hosting: last day for the written non-renewal notice is 31 March 2026. EUR 18,000 per year.
- BrightDesk: last day for the written non-renewal notice is 1 May 2026. EUR 7,200 per year.

Northwind Hosting costs more: EUR 18,000 per year.
MD
