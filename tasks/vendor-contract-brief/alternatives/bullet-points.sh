#!/bin/bash
# alternative (file, bullet points): same facts as bullet points instead of a table, dates also spelled out in words next to the YYYY-MM-DD form.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Renewal brief (as of 2026-03-02)

Auto-renewing contracts whose term ends before 1 July 2026:

- **Northwind Hosting GmbH** (managed cloud hosting): term ends 30 April 2026, 30 days' notice.
  Last day to send the written non-renewal notice: **2026-03-31**. Cost: EUR 18,000 per year.
- **BrightDesk Ltd.** (helpdesk, 25 seats): subscription ends 15 June 2026, 45 days' notice.
  Last day to send the written non-renewal notice: **2026-05-01**. Cost: EUR 7,200 per year.

**Costlier of the two:** Northwind Hosting, EUR 18,000 per year (EUR 1,500 per month).

Not listed: PaperTrail Archiving expires on 31 May 2026 without renewing; Vela Analytics renews
but its term only ends on 30 November 2026.
MD
