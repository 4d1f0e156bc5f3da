"""`python -m buyword` runs the same command line as the `buyword` script."""

from buyword.cli import main

raise SystemExit(main())
