"""Rules help, tile descriptions, zone names (what players type) and zones in words (what they read)."""

from __future__ import annotations

from rules.core import declare_pages
from rules.wording import Said, listing

from . import phrases as ph
from .data import Tile

# /rules in pages (bot/table/rulebook.py): overview and goal, a turn, scoring, notation. The zone
# names the notation page teaches are those typed (zone_labels below); labels and events say the
# zone in words ("hunter in the north-west meadow": zone_words below).
PAGES_EN = [
    ("overview", "", """\
**Carcassonne: Hunters & Gatherers** (2–5 players, 2002 edition)
Turn after turn the players lay land tiles; meadows, forests and rivers grow, and you put your men \
and huts in them to score. Each player has a supply of 5 men and 2 huts. A man becomes a **hunter** \
in a meadow, a **gatherer** in a forest or a **fisher** on a river; a **hut** goes on a river or a \
lake. Forests and rivers score when they are completed, huts and hunters at the end. The game ends \
when the last land tile is placed; the most points wins (a tie is a shared victory)."""),
    ("turn", "", """\
**A turn**
1. You draw a land tile (shown to all) and place it touching the map by at least one side: every \
forest, meadow and river must continue across each side it touches. A tile that fits nowhere is \
removed and another drawn.
2. You may put one figure from your supply on that tile, in a forest, meadow or river nobody holds \
yet, however far away the other figure is (a hut: on a river system without a hut).
3. A forest or river the tile completed scores now. Fishers and gatherers on it go home, but only at \
the end of your turn: a man who came home cannot be placed again in the same turn.
**Gold nugget**: a completed forest with a gold nugget gives whoever placed its last tile one bonus \
tile, placed at once with a figure step of its own (same turn, no chain)."""),
    ("scoring", "", """\
**Scoring** (the most figures on a feature score it; tied leaders all score)
**Completed river** (a spring or lake at both ends, or a loop): 1 per part + 1 per fish in its end lakes.
**Completed forest** (no open side): 2 per part, +2 per mushroom clearing.
**At the end** unfinished forests and rivers score nothing. **Huts**: 1 per fish of their river \
system (rivers and lakes joined; a spring, the map's edge or a lake only one river runs into ends it). \
**Hunters**: 2 per deer, mammoth and aurochs of their meadow; each sabre-toothed tiger eats one deer; \
fire chases the tigers away; a hunter on the shrine tile scores its meadow alone.
The final message shows each player's points for forests, rivers, huts and hunters."""),
    ("notation", "", """\
**Moves**
The board numbers the legal spots and shows the drawn tile turned a/b/c/d (clockwise quarter turns). \
Type `7b` = spot 7, turned b. The log says where each tile went in squares from the start tile \
(framed in gold: the latest tile).
Then the figure step: `hunter nw`, `gatherer e`, `fisher ns`, `hut lake`… or `none`. Or all at once: \
`7b hunter nw`.
**Zone names** (of the tile just placed, n e s w = north east south west):
• forest or river: the sides it reaches, `nsw` = north, south and west;
• meadow: its first side or corner, in the order n e s w ne se sw nw;
• lake: `lake`; on a tile with two lakes, `lake` and the sides of the rivers running into it (`lake ns`);
• two zones of one kind with the same name get a digit: `n1`, `n2`.
Labels and the log say the zone in words: `hunter nw` is "hunter in the north-west meadow", \
`fisher ns` "fisher on the north–south river"."""),
]


RULES_EN = "\n".join(text for _, _, text in PAGES_EN)


# the /rules pages as phrases: their French is in bot/locale/fr/LC_MESSAGES/rules.po
PAGES = declare_pages("carcassonne_hg", PAGES_EN)


SIDE_NAMES = "nesw"
CORNER_OF_PORT = {0: "nw", 2: "ne", 3: "ne", 5: "se", 6: "se", 8: "sw", 9: "sw", 11: "nw"}
ORDER = ["n", "e", "s", "w", "ne", "se", "sw", "nw"]


_NAMES: dict[tuple[int, int], tuple[str, ...]] = {}
_DESCRIPTIONS: dict[int, str] = {}


def zone_names(tile: Tile, rot: int) -> tuple[str, ...]:
    """``zone_labels``, worked out once per tile and turn (the rules ask on every figure step)."""
    names = _NAMES.get((tile.id, rot))
    if names is None:
        names = _NAMES[(tile.id, rot)] = tuple(zone_labels(tile, rot))
    return names


def zone_labels(tile: Tile, rot: int) -> list[str]:
    """A short name per zone of a placed tile, from the sides or corners it reaches."""
    ports: list[list[int]] = [[] for _ in tile.zones]
    for port, z in enumerate(tile.port_zone[rot]):
        ports[z].append(port)
    lakes = [i for i, z in enumerate(tile.zones) if z.kind == "lake"]
    labels: list[str] = []
    for i, zone in enumerate(tile.zones):
        if zone.kind == "lake":
            if len(lakes) == 1:
                labels.append("lake")
                continue
            feeds = sorted({p // 3 for j, z in enumerate(tile.zones) if z.lake == i for p in ports[j]})
            labels.append("lake " + "".join(SIDE_NAMES[s] for s in feeds))
            continue
        sides = sorted({p // 3 for p in ports[i] if p % 3 == 1})
        if zone.kind in ("forest", "river"):
            labels.append("".join(SIDE_NAMES[s] for s in sides))
            continue
        names = {SIDE_NAMES[s] for s in sides}
        names |= {CORNER_OF_PORT[p] for p in ports[i] if p in CORNER_OF_PORT}
        labels.append(next(n for n in ORDER if n in names))
    for i, label in enumerate(labels):   # never two zones of a kind with one name
        same = [j for j, z in enumerate(tile.zones) if labels[j] == label and z.kind == tile.zones[i].kind]
        if len(same) > 1:
            for k, j in enumerate(same):
                labels[j] = f"{label}{k + 1}"
    return labels


_WORDS: dict[tuple[int, int], tuple[Said, ...]] = {}


def zone_words(tile: Tile, rot: int) -> tuple[Said, ...]:
    """Each zone of a placed tile as a reader names it, from its code (``zone_names``): `nw` of a
    meadow is "the north-west meadow", `nsw` of a forest "the north, south and west forest",
    `lake` "the lake", `lake ns` "the lake of the north and south rivers", `n2` "the north
    meadow (no. 2)". Phrases: each reader reads them in their own language."""
    words = _WORDS.get((tile.id, rot))
    if words is None:
        words = _WORDS[(tile.id, rot)] = tuple(
            zone_said(zone.kind, name) for zone, name in zip(tile.zones, zone_names(tile, rot), strict=True))
    return words


def zone_said(kind: str, name: str) -> Said:
    """A zone of ``kind`` named ``name`` (its code, as ``zone_labels`` gives it) in words."""
    code, k = name.rstrip("0123456789"), name[len(name.rstrip("0123456789")):]
    if kind == "lake":
        sides = code[len("lake"):].strip()
        # one river a side runs into it: "the lake of the east and south rivers"
        said = ph.LAKE_FED(n=len(sides), where=listing([ph.COMPASS[s]() for s in sides])) if sides else ph.LAKE()
    else:
        said = ph.ZONE[kind](where=compass(code))
    return ph.ZONE_NTH(zone=said, k=int(k)) if k else said


def compass(sides: str) -> Said | dict:
    """Compass words for a zone code: one side or corner (`n`, `nw`), two sides as the corner
    between them (`es`: south-east) or the line across (`ns`: north–south), three as a list."""
    code = "se" if sides == "es" else sides    # sides are listed n e s w: `es` is the south-east corner
    if code in ph.COMPASS:
        return ph.COMPASS[code]()
    return listing([ph.COMPASS[s]() for s in sides])


def describe(tile: Tile) -> str:
    """A short English description: edges and what is on the tile."""
    text = _DESCRIPTIONS.get(tile.id)
    if text is None:
        text = _DESCRIPTIONS[tile.id] = tile_said(tile).english()
    return text


_SAID: dict[int, Said] = {}
_WHERE: dict[tuple[int, int], dict] = {}


def where(x: int, y: int) -> dict:
    """Where a square lies, in words that keep their meaning as the map grows (spot numbers change
    every turn): squares east/west and north/south of the start tile, which never moves (x grows
    east, y south). A listing parameter: '2 east, 1 north'."""
    said = _WHERE.get((x, y))
    if said is None:
        parts = []
        if x:
            parts.append((ph.EAST if x > 0 else ph.WEST)(n=abs(x)))
        if y:
            parts.append((ph.SOUTH if y > 0 else ph.NORTH)(n=abs(y)))
        said = _WHERE[(x, y)] = listing(parts, style="comma")
    return said


def tile_said(tile: Tile) -> Said:
    """The tile's description as a phrase (its edges clockwise from north, then what is on it)."""
    said = _SAID.get(tile.id)
    if said is None:
        edges = dict(zip("nesw", (ph.EDGE[e]() for e in tile.edges), strict=True))
        bits = _contents(tile)
        said = _SAID[tile.id] = (ph.TILE_WITH(contents=listing(bits, style="comma"), **edges) if bits
                                 else ph.TILE(**edges))
    return said


def _contents(tile: Tile) -> list[Said]:
    bits: list[Said] = []
    for z in tile.zones:
        if z.kind == "lake":
            bits.append(ph.LAKE_FISH(n=z.fish))
        if z.spring:
            bits.append(ph.SPRING())
        if z.nugget:
            bits.append(ph.NUGGET())
        if z.mushrooms:
            bits.append(ph.MUSHROOMS())
        if z.fire:
            bits.append(ph.FIRE())
        if z.shrine:
            bits.append(ph.SHRINE())
        for animal in ("deer", "mammoth", "aurochs", "tiger"):
            n = getattr(z, animal)
            if n:
                bits.append(ph.ANIMAL[animal](n=n))
    return bits
