"""One package per rule system, each built on the shared dice, tables and store."""
