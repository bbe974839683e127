#!/bin/bash
# Wrong (the look-alike decoy): lists every auto-renewing contract, Vela's (term ending in
# November) included, and names Vela's licence as the costliest.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Auto-renewing contracts

- Northwind Hosting: send notice by 2026-03-31 (EUR 18,000 per year)
- BrightDesk: send notice by 2026-05-01 (EUR 7,200 per year)
- Vela Analytics: send notice by 2026-09-01 (EUR 24,000 per year)

The most expensive is Vela Analytics at EUR 24,000 per year.
MD
