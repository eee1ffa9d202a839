"""Moderation: mutes, reports and a host removing a person before the start, with the people and profile routes."""
