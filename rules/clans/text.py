"""/rules clans in pages (bot/table/rulebook.py): overview and goal, a turn, scoring, notation
(each page ≤ 1800 characters), in English and in the French of the rulebook."""

from __future__ import annotations

from rules.core import declare_pages

PAGES_EN = [
    ("overview", "", """\
**Clans** (Leo Colovini), 2–4 players.
Five clans share the land: red, blue, green, yellow and black, 12 huts each, one hut on each of the \
60 territories at the start. You secretly lead one of them (`/hand` shows which); colours nobody holds \
still score, which keeps everyone guessing. You move huts together until territories stand alone: each \
one becomes a **village** and every colour in it scores. The founder of a village also takes a bonus \
token.
**Goal**: at the end the colours are revealed; your score is your colour's points plus 1 per bonus \
token. The highest score wins; a tie is a shared victory.
The board is a stand-in map with the rulebook's terrains (forest, mountain, steppe, grassland)."""),
    ("turn", "", """\
**A turn** (turns go round the table; the seating order decides who starts, as the rulebook lets the \
players choose)
1. **Move**, the only action: take ALL the huts of one territory and put them on a neighbouring \
territory that is OCCUPIED (by huts of any colour). Rivers keep territories neighbours; lakes cut them. \
A group of 7 huts or more cannot move any more, except onto a group of 7 or more at least as large.
2. **Villages**: every territory whose neighbours are all empty after your move becomes a village. You \
found it and take a bonus token of the current epoch. If all five colours are there, there is a \
**battle**: each colour with a single hut there loses it.
3. **Epochs**: each epoch has a number of bonus tokens (villages); when they are gone the next epoch \
begins. I: forest +1, mountain hostile (4) · II: mountain +2, grassland hostile (3) · III: steppe +3, \
forest hostile (2) · IV: grassland +4, steppe hostile (2) · V: every terrain +5 (1). Epochs II–IV are \
partly reconstructed.
When one move founds several villages across an epoch change (or past the 12th), you choose which comes \
first. If no move is possible any more, the game ends at once."""),
    ("scoring", "", """\
**A village's value** = its number of huts; on the epoch's favourable terrain add the epoch's bonus; on \
its hostile terrain the village is destroyed (its huts leave the board, nobody scores).
**Every colour present** in the village scores its whole value on the victory point scale, whoever \
founded it. The founder's bonus token is worth 1 point at the end.
**End**: the 12th village scores (epoch V: +5) and ends the game; villages a move founds after it do not \
count. The colours are revealed: each player scores their colour's points on the scale plus 1 per bonus \
token. The final message shows each player's points, the scale and the tokens apart."""),
    ("notation", "", """\
**Move**: `17>18` moves all the huts of territory 17 onto territory 18 (the numbers are on the board). \
Autocomplete lists every legal move with the number of huts it carries.
**Order of villages**: when your move founds several villages across an epoch change, the table asks \
which first: `village 23` (or the buttons).
`/hand`: your secret colour and your bonus tokens. `/game status`: the epoch, the villages founded and \
every colour's points."""),
]


RULES_EN = "\n\n".join(text for _, _, text in PAGES_EN)


# the /rules pages as phrases: their French is in bot/locale/fr/LC_MESSAGES/rules.po
PAGES = declare_pages("clans", PAGES_EN)
