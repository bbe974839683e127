#!/bin/bash
# Plausible wrong solution: counts the notice period in months, lists the analytics licence as
# renewing, and misses BrightDesk's deadline.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Renewals
- Northwind Hosting: notice by 2026-03-30, EUR 18,000 per year (most expensive)
- BrightDesk: renews in June, notice 45 days before
- Vela Analytics: notice by 2026-09-01
MD
