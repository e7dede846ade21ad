"""Rules help, tile descriptions and zone names (what players type)."""

from __future__ import annotations

from rules.wording import Said, listing

from . import phrases as ph
from .data import Tile

RULES_EN = """**Carcassonne: Hunters & Gatherers** (2–5 players, 2002 edition)
Each turn you draw a land tile (it is shown to all) and place it next to the map: every forest, meadow and river must continue. A tile that fits nowhere is removed and another drawn. Then you may put one figure from your supply (5 men, 2 huts) on that tile, in a feature nobody holds yet:
• **hunter** in a meadow • **gatherer** in a forest • **fisher** on a river • **hut** on a river or lake (one per river system).
**Completed river** (both ends at a spring or lake, or a loop): 1 per part + 1 per fish in its end lakes. **Completed forest** (no open side): 2 per part (+2 per mushroom clearing). Most figures score; ties all score. Fishers and gatherers then go home. A completed forest with a **gold nugget** gives whoever placed the tile one bonus tile to place at once (no chain), with a figure step of its own; it is the same turn, so men who came home this turn can only be placed again next turn.
**End** (last land tile placed): unfinished forests/rivers score nothing. Huts: 1 per fish of their river system. Hunters: 2 per deer, mammoth and aurochs of their meadow; each tiger eats one deer; fire chases the tigers away; a hunter on the shrine tile scores its meadow alone.
**Moves**: the board numbers the legal spots and shows the drawn tile turned a/b/c/d (clockwise quarter turns). Type `7b` = spot 7, turned b. Then the figure step: `hunter nw`, `gatherer e`, `fisher s`, `hut lake`… or `none`. Names are the compass side or corner of the placed tile (n, ne, e, se…). Or all at once: `7b hunter nw`."""

RULES_FR = """**Carcassonne : Chasseurs et Cueilleurs** (2 à 5 joueurs, édition 2002)
À votre tour, piochez une tuile paysage (montrée à tous) et posez-la contre la carte : forêts, prairies et rivières doivent se prolonger. Une tuile impossible à poser est retirée et on en pioche une autre. Vous pouvez ensuite poser sur cette tuile une figurine de votre réserve (5 hommes, 2 huttes), dans une zone encore libre :
• **hunter** (chasseur) en prairie • **gatherer** (cueilleur) en forêt • **fisher** (pêcheur) sur une rivière • **hut** (hutte) sur une rivière ou un lac (une par réseau fluvial).
**Rivière achevée** (source ou lac à chaque bout, ou boucle) : 1 par tronçon + 1 par poisson des lacs à ses bouts. **Forêt achevée** : 2 par portion (+2 par clairière aux champignons). Le plus d'hommes marque ; les ex æquo marquent tous. Pêcheurs et cueilleurs rentrent ensuite. Une forêt achevée avec une **pépite d'or** donne à qui a posé la tuile une tuile bonus à poser aussitôt (pas de réaction en chaîne), avec sa propre figurine ; c'est le même tour : les hommes rentrés pendant ce tour ne se replacent qu'au tour suivant.
**Fin** (dernière tuile paysage posée) : forêts et rivières inachevées ne rapportent rien. Huttes : 1 par poisson du réseau. Chasseurs : 2 par cerf, mammouth et auroch de leur prairie ; chaque tigre mange un cerf ; le feu chasse les tigres ; un chasseur sur la tuile sanctuaire marque seul sa prairie.
**Coups** : le plateau numérote les emplacements légaux et montre la tuile tournée a/b/c/d (quarts de tour horaires). Tapez `7b` = emplacement 7, orientation b. Puis la figurine : `hunter nw`, `gatherer e`, `fisher s`, `hut lake`… ou `none`. Les noms sont le côté ou le coin de la tuile posée (n, ne, e, se…). Ou tout d'un coup : `7b hunter nw`."""

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


# The tile in French for /game status (status_text gives a finished text; the events' French is in
# the catalogue): the same words as bot/locale/fr/LC_MESSAGES/rules.po.
_EDGE_FR = {"F": "forêt", "M": "prairie", "R": "rivière"}
_ANIMAL_FR = {"deer": ("cerf", "cerfs"), "mammoth": ("mammouth", "mammouths"), "aurochs": ("auroch", "aurochs"),
              "tiger": ("tigre à dents de sabre", "tigres à dents de sabre")}


def describe_fr(tile: Tile) -> str:
    bits: list[str] = []
    for z in tile.zones:
        if z.kind == "lake":
            bits.append(f"lac avec {z.fish} poisson{'s' if z.fish > 1 else ''}")
        bits += [word for flag, word in ((z.spring, "source"), (z.nugget, "pépite d'or"),
                                         (z.mushrooms, "clairière aux champignons"), (z.fire, "feu"),
                                         (z.shrine, "sanctuaire")) if flag]
        for animal, (one, many) in _ANIMAL_FR.items():
            n = getattr(z, animal)
            if n:
                bits.append(f"{n} {one if n == 1 else many}")
    kinds = "/".join(_EDGE_FR[e] for e in tile.edges)
    return f"tuile {kinds}" + (f" ({', '.join(bits)})" if bits else "")
