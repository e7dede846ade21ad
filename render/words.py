"""Texts drawn on the boards that the games' rules do not say themselves (banners, headings,
legends), declared as phrases (``rules.wording``) under keys ``render.<module>.<name>``.

They join the games' texts in the ``rules`` gettext catalogue (``bot/locale/<lang>/LC_MESSAGES/
rules.po``), so a translator finds every text a player reads in one place. A renderer says them
through :func:`render.kit.said`, which uses the table's translator (``Table.say``, given by the bot
for the reader's language) and English without one. Each game's own board words live in
``render/<game>_words.py``; the ones every board shares are here.
"""

from __future__ import annotations

from rules.wording import phrase

TO_PLAY = phrase("render.kit.to_play", "{who} to play", "the banner over the board: whose turn it is")
WINNER = phrase("render.kit.winner", "Winner: {who}", "the banner of a finished game, one winner")
WINNERS_TIE = phrase("render.kit.winners_tie", "Winners (tie): {who}", "several players share first place")
GAME_OVER = phrase("render.kit.game_over", "Game over", "a finished game without a winner (a co-op defeat)")
SEAT = phrase("render.kit.seat", "seat {n}", "a seat nobody sits in (never in a real game)")
TOTAL = phrase("render.kit.total", "total", "the last column of a final score table (every game's)")
