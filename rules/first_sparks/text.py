"""Help texts (/rules first_sparks) and phase names."""

from rules.core import declare_pages

# /rules in pages (bot/table/rulebook.py): overview and goal, a round, scoring, notation (each page
# ≤ 1800 characters), in English and in the French of the rulebook.
PAGES_EN = [
    ("overview", "", """\
**The First Sparks** (Friedemann Friese), 2–6 players: grow the largest clan.
Your clan spreads over regions of a map of landscape tiles; around each hunting ground (berries, \
fish, bear, mammoth) its members hunt with the tools your clan knows, and every member must be fed. \
Technology cards (tools, fire, herbs, fields…) are bought at a market.
**Set-up**: each clan gets 7 food and a random herbs card (its number sets the first turn order). In \
turn order the players lay the drawn landscape tiles (option `map=layout`: a fixed layout). Then, in \
reverse order, each places a free first member on an empty region beside a hunting ground nobody \
claimed, then may pay for a second one next to it.
**Goal**: the game ends after the expansion in which a clan reaches 13 members. The largest clan wins; \
a tie goes to the most food left.
2 players: the second player also grows a neutral clan, free, up to the first player's size; the first \
player may discard the first card offered to him."""),
    ("turn", "", """\
**A round**
1. *Buy*: in order, offer a card of the current market row (the top one) or pass. The others, in order, \
say whether they want it; the last one in order who wants it buys it, else you must. One card per clan \
per round. The lowest card carries a bonus grain. At most 3 tools (4 with Works): give one up to make \
room. Then every clan without Fire loses a third of its food (spoilage).
2. *Hunt and feed* (reverse order): herbs and fields give fixed crops; a tool needs a member beside its \
hunting ground and takes from its harvest space by its table (+1 token per extra matching ground). With \
several tools of one food, choose their order. Feed 1 food per member; members who cannot be fed starve \
(the rest stays one group).
3. *Expand* (reverse order): place new members one by one on regions next to your clan, then stop. The \
1st…5th new member costs 1…5 food, +1 across a mountain, +X into a region holding X clans (you \
included; Palaver: −1). At most 5 a round, 15 in all.
4. *Bureaucracy* (automatic): new turn order by clan size (ties: the highest card; Intelligence steps \
back), the harvest spaces are restocked, the highest market card leaves."""),
    ("scoring", "", """\
**End**: after the expansion in which a clan places its 13th member. The largest clan wins; a tie goes to \
the most food left. The final message lists each clan's members and food.
*Rulings*: you pay with your hunted tokens first (the largest that fit, then crops); tokens in clans' \
hands are not in the reserve, so they can cut a restock. An empty market is refilled from the deck at \
the start of phase 1. Fire also hides your food from the others (`/hand` shows it).
*Safeguard* (no rule of the book): if a round changes nothing a clan can use and nobody had a choice in \
it, no clan can ever reach 13 and the game ends as it stands.
*Cycles* (no rule of the book): when a round ends exactly as one of the last 12 did, the game does not end \
by itself, as a player could still change it; the channel is told, and from then on each player may, \
once, type `end` on their phase 1 turn to propose ending the game as it stands. The others answer \
`agree` or `refuse` in turn order; it ends (ranked as above) only if all agree. At a deadline the table \
answers `agree` for an absent player. A round ending in a new position lifts the offer."""),
    ("notation", "", """\
**Set-up**: `3a` lays the drawn tile on numbered spot 3, its first ground above (`3b`: below) · `14` a \
member on region 14 · `none` no second member.
**Buy**: `offer 12` offers card #12 of the top market row, `pass` offers nothing · `buy` / `decline` \
answer an offer · `drop 12` gives up tool #12 · `discard` (2 players) removes your first offered card · \
`end` proposes ending a game whose rounds cycle, `agree` / `refuse` answer it.
**Hunt**: `hunt 19>27` uses tool #19 before #27 · `starve 14` the member on region 14 starves.
**Expand**: `14` a new member on region 14 · `done` stop expanding · `n14` the neutral clan (2 players).
Autocomplete and the buttons say each move in words, with its cost. `/hand`: your food, tools and \
knowledge."""),
]


RULES_EN = "\n\n".join(text for _, _, text in PAGES_EN)


# the /rules pages as phrases: their French is in bot/locale/fr/LC_MESSAGES/rules.po
PAGES = declare_pages("first_sparks", PAGES_EN)
