"""The words the Clans board draws that the rules do not say themselves (see ``render/words.py``).

Colours and terrains are the rules' own (``rules.clans.phrases``: ``COLOUR``, ``TERRAIN``).
"""

from __future__ import annotations

from rules.wording import phrase, phrase_n

P = "render.clans."

RIVER_KEY = phrase(f"{P}key.river", "river: still neighbours",
                   "the map's key: territories across a river are still neighbours")
LAKE_KEY = phrase(f"{P}key.lake", "lake: cut", "the map's key: a lake cuts two territories apart (not neighbours)")
EPOCH_HEAD = phrase(f"{P}epochs.head", "Epoch · favourable +bonus · tokens left · hostile",
                    "heading of the epoch table's columns (the bonus tokens still to take in each epoch)")
NO_HOSTILE = phrase(f"{P}epochs.none", "none", "the last epoch has no hostile terrain")
TRACK_SECRET = phrase(f"{P}track.secret", "Score track (colours are secret)",
                      "heading of the victory point scale while nobody knows who holds which colour")
TRACK_REVEALED = phrase(f"{P}track.revealed", "Colours revealed: track + tokens",
                        "heading of the victory point scale at the end: each player's points plus bonus tokens")
NOBODY = phrase(f"{P}track.nobody", "nobody", "a colour no player held (revealed at the end)")
TAG = phrase(f"{P}village.tag", "V{v}", "the short tag of village number v on the map (V for village)")
VILLAGES = phrase(f"{P}villages", "Villages: {list}", "list: each village founded, what it scored")
VILLAGE_POINTS = phrase_n(f"{P}village.points", "V{v} on {t}: {n} pt", "V{v} on {t}: {n} pts",
                          "village number v on territory t scored n points (V as in the map's tags)")
VILLAGE_DESTROYED = phrase(f"{P}village.destroyed", "V{v} on {t}: destroyed",
                           "village number v on territory t, founded on hostile terrain")
FOUNDING = phrase(f"{P}village.founding", "founding now on {ts}: which first?",
                  "ts: two or more territories where villages form at once; the mover chooses the order")
TOKENS = phrase_n(f"{P}tokens", "{n} token", "{n} tokens", "a player's bonus tokens, beside their name")
COLUMN_COLOUR = phrase(f"{P}column.colour", "colour", "final score table: the player's secret colour")
COLUMN_TRACK = phrase(f"{P}column.track", "track", "final score table: points on the victory point scale")
COLUMN_TOKENS = phrase(f"{P}column.tokens", "tokens", "final score table: bonus tokens (1 point each)")
