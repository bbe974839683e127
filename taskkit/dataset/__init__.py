"""Canonical datasets of document tasks and their build into Harbor task directories."""
