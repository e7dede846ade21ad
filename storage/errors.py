"""What the store can refuse, shared by the store and its two backends."""

from __future__ import annotations


class StoreError(Exception):
    pass


class VersionConflict(StoreError):
    """The game changed since it was loaded."""


class ChannelBusy(StoreError):
    """The channel already holds a game in the lobby or in play."""


class ConstraintViolation(StoreError):
    """The database refused a write that breaks one of its constraints (a unique
    index, a foreign key, the append-only log), whichever backend said so."""


class UnusableSetting(StoreError):
    """The database setting (``HEARTH_DB`` / ``--db``) cannot be used; the
    message is one line a person can act on."""


class NotSupported(StoreError):
    """This backend does not do that (e.g. an online file backup of PostgreSQL)."""
