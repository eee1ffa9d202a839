# cartas serve in a container: the web server with both stores (SQLite in /data, or Postgres through --db).
# Build: docker build -t cartas .   Run: docker run -p 8000:8000 -v cartas-data:/data cartas
# With Postgres and a TLS proxy in front: compose.yaml (docs/deploy.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    CARTAS_HOME=/data

RUN groupadd --system --gid 10001 cartas \
    && useradd --system --uid 10001 --gid cartas --home-dir /data --shell /usr/sbin/nologin cartas \
    && mkdir -p /data \
    && chown cartas:cartas /data

WORKDIR /src
# setup.py and build_backend/ are the build hook (docs/compiled.md); the image installs the pure build.
COPY pyproject.toml setup.py README.md ./
COPY build_backend ./build_backend
COPY core ./core
COPY games ./games
COPY cli ./cli
COPY online ./online
COPY interop ./interop
# The project itself from this folder, its dependencies within pyproject.toml's ranges (DL3013 is about pinning
# packages from the index by name).
# hadolint ignore=DL3013
RUN pip install ".[online,online-pg,fast]"

USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8000
STOPSIGNAL SIGTERM

HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status != 200)"]

ENTRYPOINT ["cartas", "serve", "--host", "0.0.0.0", "--port", "8000", "--log-format", "json"]
