#!/bin/bash
# WRONG (role): right list and dates, but says BrightDesk is the more expensive one, at EUR 18,000 (Northwind's cost).
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

| vendor | term ends | last day for non-renewal notice |
|---|---|---|
| Northwind Hosting | 30 April 2026 | 2026-03-31 |
| BrightDesk | 15 June 2026 | 2026-05-01 |

The more expensive of the two is BrightDesk: EUR 18,000 per year.
MD

