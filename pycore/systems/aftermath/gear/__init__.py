"""Aftermath! gear: weapons, guns and their ammunition, armor and the encumbrance a load gives."""
