"""Operator tools behind ``hearth verify`` and ``hearth selfplay``."""
