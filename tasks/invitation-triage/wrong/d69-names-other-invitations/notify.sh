#!/bin/bash
# wrong (free text: mail body): each notice also tells the organizer what she did with her other invitations, which she said not to mention
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import notify

notify(body="Hi {name},\n\nSorry, I can't attend \"{title}\": it clashes with something "
       "already in my calendar. (For the record, I also answered: {others}.)\n\nAlice")
PY
