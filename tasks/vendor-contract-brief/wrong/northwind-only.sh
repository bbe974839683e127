#!/bin/bash
# Wrong (incomplete): keeps only the contract whose notice is due this month, so BrightDesk,
# renewing in June, is left out.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Renewal brief

- Northwind Hosting renews automatically on 1 May 2026. Last day for the non-renewal notice:
  2026-03-31. It is the more expensive contract: EUR 18,000 per year.
MD
