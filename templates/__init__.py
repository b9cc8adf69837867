"""Jinja templates of every letter and the newspaper (Russian). Hosts may override them."""
