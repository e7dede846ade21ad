"""/rules clans in pages (bot/table/rulebook.py): overview and goal, a turn, scoring, notation
(each page ≤ 1800 characters), in English and in the French of the rulebook."""

from __future__ import annotations

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

PAGES_FR = [
    ("overview", "", """\
**Clans** (Leo Colovini), 2 à 4 joueurs.
Cinq clans se partagent la terre : rouge, bleu, vert, jaune et noir, 12 huttes chacun, une hutte sur \
chacun des 60 territoires au début. Chacun dirige en secret un de ces clans (`/hand` montre le vôtre) ; \
les couleurs sans joueur marquent aussi, ce qui brouille les pistes. On regroupe les huttes jusqu'à \
ce que des territoires se retrouvent isolés : chacun devient un **village** où chaque couleur présente \
marque. Le fondateur du village prend en plus un jeton bonus.
**But** : à la fin on révèle les couleurs ; votre score = les points de votre couleur + 1 par jeton \
bonus. Le plus haut score gagne ; une égalité est une victoire partagée.
Le plateau est une carte de remplacement avec les terrains de la règle (forêt, montagne, steppe, plaine)."""),
    ("turn", "", """\
**Un tour** (on joue dans le sens des aiguilles d'une montre ; l'ordre des places décide qui commence, \
la règle laissant les joueurs choisir)
1. **Déplacement**, seule action : prenez TOUTES les huttes d'un territoire et posez-les sur un \
territoire voisin OCCUPÉ (par des huttes de n'importe quelle couleur). Un fleuve laisse les \
territoires voisins ; un lac les sépare. Un groupe de 7 huttes ou plus ne bouge plus, sauf vers un \
groupe de 7 ou plus au moins aussi grand.
2. **Villages** : tout territoire dont les voisins sont tous vides après votre déplacement devient un \
village. Vous le fondez et prenez un jeton bonus de l'époque. Si les cinq couleurs y sont, c'est la \
**lutte entre les clans** : chaque couleur qui n'y a qu'une hutte la perd.
3. **Époques** : chaque époque a des jetons bonus (villages) ; épuisés, l'époque suivante commence. \
I : forêt +1, montagne hostile (4) · II : montagne +2, plaine hostile (3) · III : steppe +3, forêt \
hostile (2) · IV : plaine +4, steppe hostile (2) · V : tous les territoires +5 (1). Époques II à IV en \
partie reconstituées.
Si un déplacement fonde plusieurs villages de part et d'autre d'un changement d'époque (ou du 12e), \
vous choisissez lequel vient d'abord. Si plus aucun déplacement n'est possible, la partie s'arrête."""),
    ("scoring", "", """\
**Valeur d'un village** = son nombre de huttes ; sur le terrain favorable de l'époque, + le bonus de \
l'époque ; sur son terrain hostile, le village est détruit (ses huttes quittent le plateau, personne \
ne marque).
**Chaque couleur présente** dans le village marque toute sa valeur sur l'échelle des points de \
victoire, quel que soit le fondateur. Le jeton bonus du fondateur vaut 1 point à la fin.
**Fin** : le 12e village marque (époque V : +5) et termine la partie ; les villages fondés après lui \
par le même déplacement ne comptent pas. On révèle les couleurs : chacun marque les points de sa \
couleur sur l'échelle + 1 par jeton bonus. Le message final détaille, pour chaque joueur, l'échelle et \
les jetons."""),
    ("notation", "", """\
**Déplacement** : `17>18` déplace toutes les huttes du territoire 17 sur le territoire 18 (numéros du \
plateau). L'autocomplétion liste chaque coup permis avec son nombre de huttes.
**Ordre des villages** : quand votre déplacement fonde plusieurs villages de part et d'autre d'un \
changement d'époque, la table demande lequel d'abord : `village 23` (ou les boutons).
`/hand` : votre couleur secrète et vos jetons bonus. `/game status` : l'époque, les villages fondés et \
les points de chaque couleur."""),
]

RULES_EN = "\n\n".join(text for _, _, text in PAGES_EN)
RULES_FR = "\n\n".join(text for _, _, text in PAGES_FR)


def rules_pages(locale: str | None = None) -> list[tuple[str, str, str]]:
    """The /rules pages in the reader's language: (topic, title — empty for the shared title, text)."""
    return PAGES_FR if locale and locale.startswith("fr") else PAGES_EN
