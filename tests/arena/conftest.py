"""Makes the search tests' small game importable as ``minitrick`` (also in forked worker processes)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "search"))
