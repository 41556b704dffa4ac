"""Aftermath! character sheet: the values a sheet holds and the attributes read from it."""
