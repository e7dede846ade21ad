"""/rules fire_and_stone in pages (bot/table/rulebook.py): overview and goal, a turn, scoring,
notation (each page ≤ 1800 characters), in English and in the French of the rulebook."""

from __future__ import annotations

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

PAGES_FR = [
    ("overview", "", """\
**Fire & Stone** (Klaus-Jürgen Wrede), 2 à 4 joueurs.
Menez votre tribu de l'Âge de Pierre : vos explorateurs découvrent les territoires tuile par tuile, \
chassent en forêt et font cuire le gibier sur le feu, cueillent pommes, noix, champignons et racines, \
font des inventions et construisent des huttes en villages. La nourriture se garde dans des sacs : \
1 nourriture par sac libre (2 imprimés sur le plateau Tribu, puis des jetons Sac) ; sans sac pour la \
stocker, elle est perdue.
Le plateau a trois régions : I est ouverte dès le début, II s'ouvre avec la 3e tuile sur la piste des \
huttes, III avec la 9e. Chaque tribu a un objectif secret (`/hand`).
**But** : le plus de points de victoire (PV) à la fin. Le premier joueur est tiré au hasard, puis on \
joue dans le sens horaire. Option `starting_inventions=on` : chaque tribu choisit d'abord une invention \
de départ. Le plateau et la plupart des cartes sont reconstitués d'après les images de la règle."""),
    ("turn", "", """\
**Un tour** : chacun de vos explorateurs se déplace, puis agit là où il s'arrête. Avec deux \
explorateurs, « jouez d'abord complètement le premier explorateur, puis le second » : vous choisissez \
lequel est le premier.
**Déplacement** de 1 ou 2 territoires (3 avec le Traîneau), jamais sur celui de départ ; les routes \
maritimes (pointillés) demandent les Bateaux ou le Radeau. Une tuile face cachée est révélée et son \
effet de découverte s'applique d'abord.
**Action** selon ce qui s'y trouve :
• Forêt : une pile de 3 tuiles Gibier ; prenez-en une (visible dans `/hand`) ou arrêtez.
• Feu : +1 PV à la découverte. À tout feu, mettez des tuiles Gibier dans la marmite et faites-les \
cuire : nourriture et sacs.
• Tuile Cueillette (pomme, noix, champignon, racine) : posez-la sur une piste de ce type ou vide (un \
type par piste ; si les deux ont d'autres types, videz-en une d'abord), ou laissez-la pour 2 \
nourriture. La 3e tuile d'une piste rapporte une invention de la rangée, ou la carte PV du dessus posée \
sur une de vos inventions (dont le texte ne s'applique plus).
• Hutte : une hutte gratuite ; la tuile va sur la piste des huttes ; l'explorateur retourne à un feu \
de la région.
• Village : construisez une hutte pour 1 nourriture par hutte déjà présente, puis retour à un feu.
• Cache secrète : 1 sac et 1 nourriture. Grotte : sa carte est révélée ; sa règle s'applique et son \
action peut s'acheter (parfois une fois par tribu). Icône de nourriture seule : 1 nourriture.
**Piste des huttes** : la 5e tuile donne à tous un second explorateur (sur un feu)."""),
    ("scoring", "", """\
**Pendant la partie** : +1 PV sur la piste des PV pour chaque feu révélé, et des PV d'actions de grotte.
**Fin** : le joueur qui pose la 11e tuile sur la piste des huttes, ou construit sa dernière hutte, la \
déclenche : il rejoue une fois, les autres deux fois.
**Décompte final**, ajouté à la piste des PV :
• vos cartes PV (de 1 à 4 PV chacune) ;
• 1 PV par hutte à vous sur le plateau ;
• 1 PV par village où vous avez la majorité (strictement plus de huttes que chaque adversaire ; en cas \
d'égalité, personne ne marque) ;
• votre carte Objectif secrète (`/hand`), révélée alors.
Le plus de PV l'emporte. Le message final détaille pour chacun la piste des PV, les cartes PV, les \
huttes, les majorités et l'objectif."""),
    ("notation", "", """\
**Déplacement** : le numéro du territoire, `17` (numéros du plateau ; l'autocomplétion dit ce qui s'y \
trouve). Avec deux explorateurs, le premier déplacement du tour dit lequel part : `12>17` déplace \
l'explorateur du 12 au 17 (`17` seul déplace votre explorateur de départ s'il peut l'atteindre, sinon \
l'autre).
**Puis, là où vous êtes** : `g1`–`g3` prendre une tuile Gibier en forêt, `pass` pour arrêter · `c1`, \
`c2`… mettre la tuile Gibier 1, 2… dans la marmite, `ok` la fait cuire · `t1`/`t2` poser une tuile \
Cueillette sur la piste 1 ou 2, `x1`/`x2` vider d'abord cette piste, `leave` pour la nourriture · \
`i1`–`i3` une invention de la rangée, `v1`… une carte PV sur votre invention 1… · `f52` envoyer \
l'explorateur au feu 52 · `build` / `pass` à un village · `buy` / `pass` une action de grotte · `s1`… \
une invention de départ (option).
`/hand` : votre objectif, vos tuiles Gibier et le contenu des forêts que vous avez vues."""),
]

RULES_EN = "\n\n".join(text for _, _, text in PAGES_EN)
RULES_FR = "\n\n".join(text for _, _, text in PAGES_FR)


def rules_pages(locale: str | None = None) -> list[tuple[str, str, str]]:
    """The /rules pages in the reader's language: (topic, title — empty for the shared title, text)."""
    return PAGES_FR if locale and locale.startswith("fr") else PAGES_EN
