"""Makes the interop tests' helper module ``interop_games`` importable (tests run with --import-mode=importlib)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
