#!/bin/bash
# wrong (wrong details): gives the term end dates (2026-04-30, 2026-06-15) as the last day for the notice, ignoring the notice periods.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

- Northwind Hosting: send the non-renewal notice by 2026-04-30. EUR 18,000 per year.
- BrightDesk: send the non-renewal notice by 2026-06-15. EUR 7,200 per year.

Northwind Hosting is the costlier one at EUR 18,000 per year.
MD
