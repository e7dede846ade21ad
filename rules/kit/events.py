"""The fast way to make an :class:`rules.core.Event` from a phrase.

A search applies thousands of moves a second and reads none of their events, so an
event must cost no more than its six slots: ``Event.of`` goes through a classmethod and
keyword arguments, which Neanderthal, Fire & Stone and Clans each worked around with a
private positional helper. This is that helper, once.
"""

from __future__ import annotations

from rules.core import Event
from rules.wording import Said


def said_event(said: Said, seat: int | None = None, private_to: int | None = None,
               reveal: bool = False) -> Event:
    """The event that says ``said`` (its English worked out only if read), about ``seat``,
    shown only to ``private_to`` when set, marking hidden information revealed when ``reveal``."""
    return Event(None, seat, private_to, reveal, said)
