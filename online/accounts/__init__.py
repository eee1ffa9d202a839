"""Optional accounts of the online server: passwords, login sessions, profiles, seats that belong to a person.

Anyone can still play without an account; an account adds a name kept across tables, a way back to a seat
from another browser, ratings and a history. docs/accounts.md describes the design.
"""
