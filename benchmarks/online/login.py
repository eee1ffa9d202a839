"""How long a login takes on the server: POST /api/account/login end to end, argon2id verification included.

Run: ``python benchmarks/login.py [N]``. The target (issue 30) is under 300 ms of server time; the figure
depends on the machine's load, so report it with the load average printed.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")

from starlette.testclient import TestClient  # noqa: E402

from cartas.online.accounts.service import LoginRates  # noqa: E402
from cartas.online.app import create_app, installed_registry  # noqa: E402
from cartas.online.server.limits import Rate  # noqa: E402


def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder) / "bench.sqlite3", registry=installed_registry(), data_dir=Path(folder))
        with TestClient(app) as client:
            app.state.accounts().rates = LoginRates(Rate(10_000, 10_000), Rate(10_000, 10_000))
            accounts = app.state.accounts()
            accounts.__post_init__()
            client.post("/api/account/signup", json={"username": "bench", "password": "correct horse"})
            times = []
            for _ in range(n):
                client.cookies.clear()
                began = time.perf_counter()
                response = client.post("/api/account/login", json={"username": "bench", "password": "correct horse"})
                times.append((time.perf_counter() - began) * 1000)
                assert response.status_code == 200, response.text
    times.sort()
    print(f"logins: {n}, load average {os.getloadavg()[0]:.1f}")
    print(f"ms: median {statistics.median(times):.1f}, p90 {times[int(n * 0.9) - 1]:.1f}, max {times[-1]:.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
