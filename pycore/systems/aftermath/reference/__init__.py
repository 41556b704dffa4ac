"""Aftermath! referee's tables the Reference tab reads: barriers, movement, overland travel, reaction, skills and moves."""
