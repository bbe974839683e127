#!/bin/bash
# WRONG place: the correct brief written to workspace/brief.md instead of output/brief.md.
set -euo pipefail
mkdir -p /home/node/.openclaw/workspace
cat > /home/node/.openclaw/workspace/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

- Northwind Hosting: term ends 30 April 2026; last day for the non-renewal notice 2026-03-31; EUR 18,000 per year.
- BrightDesk: term ends 15 June 2026; last day for the non-renewal notice 2026-05-01; EUR 7,200 per year.

Northwind Hosting costs more: EUR 18,000 per year.
MD
