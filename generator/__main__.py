"""`python -m generator` runs the `odsgen` command."""

import sys

from generator.cli import main

sys.exit(main())
