#!/bin/bash
# wrong (right event, wrong words): asks and books the right event, then writes Maria that the review is set for Friday in the room on the fifth floor, the other room and the wrong day, in words without a room name or a digit.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book, mail

ask(QUESTION)
said = answer()
book("10:30", "11:30", AURORA)
mail.call("POST", "/messages/send", {"to": ["maria@example.test"], "subject": "Vendor review booked",
          "body": "Hi Maria,\n\nIt is booked for Friday morning in the room on the fifth floor, as usual. "
                  "You are invited.\n\nAlice"})
PY
