"""Pure Pillow drawing: a view dict in, PNG bytes out. No Discord, no database."""
