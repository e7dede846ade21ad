"""/rules fire_and_stone in pages (bot/table/rulebook.py): overview and goal, a turn, scoring,
notation (each page ≤ 1800 characters), in English and in the French of the rulebook."""

from __future__ import annotations

from rules.core import declare_pages

PAGES_EN = [
    ("overview", "", """\
**Fire & Stone** (Klaus-Jürgen Wrede), 2–4 players.
Lead your Stone Age tribe: your explorers discover the land tile by tile, hunt in the forests and cook \
the game at a fire, gather apples, nuts, mushrooms and roots, make inventions and build huts into \
villages. Food is kept in bags: 1 food per free bag (2 printed on your tribe board, more as bag tokens); \
food with no bag to hold it is lost.
The map has three regions: I is open from the start, II opens with the 3rd hut tile on the hut track, \
III with the 9th. Each tribe has a secret objective (`/hand`).
**Goal**: the most victory points (VP) at the end. The first player is drawn at random, then play goes \
clockwise. Option `starting_inventions=on`: each tribe first picks a starting invention. The map and \
most cards are reconstructed from the rulebook's pictures."""),
    ("turn", "", """\
**A turn**: each of your explorers moves, then acts where it stops. With two explorers, play one \
completely, then the other; you choose which goes first (the rulebook's « le premier »).
**Move** 1 or 2 territories (3 with the Sled), never ending where it started; sea routes (dotted) need \
Boats or the Raft. A face-down tile there is revealed and its discovery effect applies first.
**Act** on what is there:
• Forest: a stack of 3 game tiles; take one (seen in `/hand`) or stop.
• Fire: +1 VP when revealed. At any fire, put game tiles in the pot and cook them: food and bags.
• Gathering tile (apple, nut, mushroom, root): put it on a track of its kind or an empty one (one kind \
per track; if both hold other kinds, empty one first), or leave it for 2 food. The 3rd tile on a \
track earns an invention from the row, or the top VP card placed over one of your inventions (whose \
text then no longer applies).
• Hut: a free hut there; the tile goes on the hut track; your explorer goes back to a fire of the region.
• Village: build a hut for 1 food per hut already there, then back to a fire.
• Secret cache: 1 bag and 1 food. Cave: its card is revealed; its rule applies and its action may be \
bought (some once per tribe). A lone food icon: 1 food.
**Hut track**: the 5th tile gives everyone a second explorer (at a fire)."""),
    ("scoring", "", """\
**During the game**: +1 VP on the VP track for each fire you reveal, and VP from cave actions.
**End**: the player who places the 11th tile on the hut track, or builds their last hut, triggers it: \
they play once more, the others twice.
**Final scoring**, added to the VP track:
• your VP cards (1 to 4 VP each);
• 1 VP per hut of yours on the board;
• 1 VP per village where you hold the majority (strictly more huts than any rival; a tie gives nobody \
the point);
• your secret objective card (`/hand`), revealed now.
The most VP wins. The final message shows each player's VP track, VP cards, huts, majorities and \
objective apart."""),
    ("notation", "", """\
**Move**: the territory number, `17` (the board numbers them; autocomplete says what lies there). \
With two explorers, the turn's first move says which one goes: `12>17` moves the explorer on 12 to 17 \
(a bare `17` moves the explorer you started with if it can reach 17, else the other).
**Then, where you stopped**: `g1`–`g3` take a game tile in a forest, `pass` to stop · `c1`, `c2`… put \
game tile 1, 2… in the pot, `ok` cooks · `t1`/`t2` put a gathering tile on track 1 or 2, `x1`/`x2` \
empty that track first, `leave` for food · `i1`–`i3` an invention of the row, `v1`… a VP card over \
your invention 1… · `f52` send the explorer to the fire at 52 · `build` / `pass` at a village · \
`buy` / `pass` a cave action · `s1`… a starting invention (option).
`/hand`: your objective, game tiles and what lies in the forests you saw."""),
]


RULES_EN = "\n\n".join(text for _, _, text in PAGES_EN)


# the /rules pages as phrases: their French is in bot/locale/fr/LC_MESSAGES/rules.po
PAGES = declare_pages("fire_and_stone", PAGES_EN)
