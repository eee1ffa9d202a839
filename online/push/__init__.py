"""Web Push: telling a person on their devices that a game needs them (docs/online.md, "Web Push")."""
