"""The game server: the table actor, the hub that keeps the live tables, the clock, expiry, rematches, seating, bot requests, the views and the websocket."""
