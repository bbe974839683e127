#!/bin/bash
# WRONG amount: says Northwind is the costlier one but gives its cost as EUR 1,500 (the monthly fee) as if per year.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

- **Northwind Hosting** (managed hosting): term ends 30 April 2026, 30 days notice: send the non-renewal notice by **2026-03-31**. Cost: EUR 1,500.
- **BrightDesk** (helpdesk): term ends 15 June 2026, 45 days notice: send it by **2026-05-01**. Cost: EUR 7,200 per year.

Northwind Hosting is the costlier contract: EUR 1,500 per year.
MD
