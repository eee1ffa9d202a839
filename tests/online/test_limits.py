"""The token buckets of cartas.online.server.limits on a fake clock, the origin rule, and the option ceiling."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, Field
from starlette.datastructures import Headers

from cartas.online.server.limits import Bucket, KeyedBuckets, Limiter, Limits, Rate, unbounded_option
from cartas.online.server.origin import OriginCheck, normal_origin


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_lets_its_burst_through_then_its_rate() -> None:
    clock = Clock()
    bucket = Bucket(Rate(burst=3, per_minute=60), clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.retry_after() == 1.0
    clock.now = 0.5
    assert not bucket.take()
    clock.now = 1.0
    assert bucket.take() and not bucket.take()
    clock.now = 100.0  # refilled, but never past the burst
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_a_costly_action_takes_several_tokens() -> None:
    bucket = Bucket(Rate(burst=10, per_minute=60), Clock())
    assert bucket.take(5) and bucket.take(5) and not bucket.take(1)


@given(st.lists(st.tuples(st.floats(0, 5), st.floats(0.5, 3)), max_size=60))
def test_a_bucket_never_allows_more_than_its_burst_plus_its_rate_over_the_time_gone(
    steps: list[tuple[float, float]],
) -> None:
    clock = Clock()
    rate = Rate(burst=4, per_minute=30)
    bucket = Bucket(rate, clock)
    taken = 0.0
    for wait, cost in steps:
        clock.now += wait
        if bucket.take(cost):
            taken += cost
        assert taken <= rate.burst + clock.now * rate.per_second + 1e-9


def test_keyed_buckets_are_separate_and_bounded_in_number() -> None:
    clock = Clock()
    buckets = KeyedBuckets(Rate(burst=1, per_minute=1), clock, max_keys=3)
    assert buckets.take("a") and not buckets.take("a") and buckets.take("b")
    for key in ("c", "d"):
        buckets.take(key)
    assert list(buckets.buckets) == ["b", "c", "d"]  # "a", the least recently used, was forgotten


def test_sockets_are_counted_open_and_closed_per_address() -> None:
    limiter = Limiter(Limits(sockets=2), Clock())
    assert limiter.socket_opened("x") and limiter.socket_opened("x") and not limiter.socket_opened("x")
    assert limiter.socket_opened("y")
    limiter.socket_closed("x")
    assert limiter.socket_opened("x")
    limiter.socket_closed("y")
    assert "y" not in limiter.open_sockets


def test_origins_compare_without_case_default_ports_or_a_trailing_slash() -> None:
    assert normal_origin("HTTPS://Example.org:443/") == "https://example.org"
    assert normal_origin("http://example.org:8000") == "http://example.org:8000"
    assert normal_origin("http://[::1]:80") == "http://[::1]"
    assert normal_origin("null") == "null"
    check = OriginCheck(app=None, allowed=["https://friends.example"])  # type: ignore[arg-type]
    scope = {"type": "http", "method": "POST", "scheme": "http"}

    def allows(origin: str | None, host: str = "cartas.example:8000") -> bool:
        headers = {"host": host} | ({"origin": origin} if origin is not None else {})
        return check.allows(scope, Headers(headers))

    assert allows(None) and allows("http://cartas.example:8000") and allows("https://cartas.example:8000")
    assert allows("https://friends.example:443")
    assert not allows("http://cartas.example") and not allows("https://evil.example") and not allows("null")
    assert allows("https://cartas.example", host="cartas.example")


class PluginOptions(BaseModel):
    players: int = 2
    rounds: int = Field(10, ge=1)
    bounded: int = Field(10, ge=1, le=10**6)


def test_a_plugins_number_option_without_an_upper_bound_is_held_to_the_ceiling() -> None:
    assert unbounded_option(PluginOptions(rounds=1000)) is None
    assert unbounded_option(PluginOptions(rounds=1001)) == (
        "option rounds=1001 is over 1000, the most this server takes for it"
    )
    assert unbounded_option(PluginOptions(bounded=10**6)) is None  # the plugin's own bound rules


def test_every_installed_games_number_options_declare_both_bounds(registry) -> None:  # type: ignore[no-untyped-def]
    unbounded = []
    for game in registry.games.values():
        for name, field in game.Options.model_fields.items():
            if name == "players" or field.annotation not in (int, float):
                continue
            bounds = {kind for m in field.metadata for kind in ("ge", "gt", "le", "lt") if getattr(m, kind, None) is not None}
            if not bounds & {"ge", "gt"} or not bounds & {"le", "lt"}:
                unbounded.append(f"{game.name}.{name}")
    assert unbounded == []
