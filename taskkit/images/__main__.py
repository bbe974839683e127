import sys

from taskkit.images.cli import main

sys.exit(main())
