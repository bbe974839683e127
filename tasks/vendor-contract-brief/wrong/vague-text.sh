#!/bin/bash
# wrong (vague-text): writes a brief that names no vendor, no date and no amount.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Brief

I went through the contracts in the corpus folder. A couple of them renew automatically soon and
you should send the notices in time; one of them is clearly more expensive than the other.
Let me know if you need more detail.
MD
