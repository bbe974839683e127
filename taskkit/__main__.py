import sys

from taskkit.cli import main

sys.exit(main())
