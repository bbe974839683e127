#!/bin/bash
# wrong (asked the wrong person): asks Bob which room Maria's 'usual room' is, gets no answer, and books the Aurora room 10:00-11:00 with Maria invited.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book

ask(QUESTION.replace("Hi Maria", "Hi Bob").replace("do you mean", "does Maria mean"), to="bob@example.test")
said = answer(5)
book("10:00", "11:00", AURORA)
PY
