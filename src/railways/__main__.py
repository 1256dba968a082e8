"""Run the command line with ``python -m railways``."""

from railways.cli.main import main

main()
