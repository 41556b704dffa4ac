"""Simply Roleplaying! (2D10 roll-under): rules of seed 002, mapped in shared/rules/simply.md."""
