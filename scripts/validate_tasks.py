#!/usr/bin/env python3
"""The seed's validator command: ``python scripts/validate_tasks.py [--json] [TASK...]``.

It delegates to ``taskkit.validate``; ``python -m taskkit validate --rules`` lists the rules.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from taskkit.cli import main

if __name__ == "__main__":
    sys.exit(main(["validate", *sys.argv[1:]]))
