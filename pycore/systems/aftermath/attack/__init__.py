"""Aftermath! attacks step by step: the worksheet, the hand-to-hand and missile procedures, their rolls, criticals and effects."""
