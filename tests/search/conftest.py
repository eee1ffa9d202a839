"""Makes the test game importable as ``minitrick`` (also in arena worker processes, which are forked)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
