"""The server's plumbing: limits, origin checks, logs, metrics, pages, shutdown, loop info, timeouts and the reader's language."""
