"""/rules clans: the rules in brief (each text ≤ 1800 characters)."""

RULES_EN = """\
**Clans** (Leo Colovini), 2–4 players. You secretly lead one of 5 clans: red, blue, green, yellow, black. \
Colours nobody holds still score. `/hand` shows yours.

**Move** (the only action): take ALL huts of one territory onto a neighbouring OCCUPIED territory. \
Type `17>18` (labels on the board). Rivers keep territories neighbours, lakes cut them. \
A group of 7+ huts cannot move, except onto a group of 7+ at least as large.

**Village**: a territory whose neighbours are all empty becomes a village. Its founder takes a bonus \
token (1 point at the end). If all 5 colours are there, every colour with a single hut loses it (battle). \
Value = number of huts; on the epoch's favourable terrain add the epoch bonus; on its hostile terrain \
the village is destroyed (huts removed, no points). Every colour present scores the full value.

**Epochs** (bonus tokens): I forest +1 / mountain hostile (4 villages) · II mountain +2 / grassland \
hostile (3) · III steppe +3 / forest hostile (2) · IV grassland +4 / steppe hostile (2) · V all +5 (1). \
Epochs II–IV partly reconstructed; the map is a stand-in.

If one move founds villages across an epoch change, or past the 12th, you choose the order with \
`village 23` (buttons). The 12th village scores +5 and ends the game (later ones of that move do not count). \
If no move is possible, the game ends at once.

**End**: colours are revealed; each player scores their colour's points plus 1 per bonus token. \
Highest wins; ties share the victory."""

RULES_FR = """\
**Clans** (Leo Colovini), 2 à 4 joueurs. Chacun dirige en secret un des 5 clans : rouge, bleu, vert, \
jaune, noir. Les couleurs sans joueur marquent aussi. `/hand` montre la vôtre.

**Déplacement** (seule action) : prendre TOUTES les huttes d'un territoire et les poser sur un territoire \
voisin OCCUPÉ. Tapez `17>18` (numéros du plateau). Un fleuve laisse voisins, un lac sépare. \
Un groupe de 7 huttes ou plus ne bouge plus, sauf vers un groupe de 7+ au moins aussi grand.

**Village** : un territoire dont tous les voisins sont vides devient un village. Son fondateur prend un \
jeton bonus (1 point à la fin). Si les 5 couleurs y sont, chaque couleur n'y ayant qu'une hutte la perd \
(combat). Valeur = nombre de huttes ; sur le terrain favorable de l'époque, + le bonus ; sur le terrain \
hostile, le village est détruit (huttes retirées, 0 point). Chaque couleur présente marque toute la valeur.

**Époques** : I forêt +1 / montagne hostile (4 villages) · II montagne +2 / plaine hostile (3) · \
III steppe +3 / forêt hostile (2) · IV plaine +4 / steppe hostile (2) · V tout +5 (1). \
Époques II–IV en partie reconstituées ; la carte est une reconstitution.

Si un déplacement fonde des villages de part et d'autre d'un changement d'époque ou du 12e, vous \
choisissez l'ordre avec `village 23` (boutons). Le 12e village vaut +5 et finit la partie (les suivants \
ne comptent pas). Si plus aucun déplacement n'est possible, la partie s'arrête.

**Fin** : on révèle les couleurs ; chacun marque les points de sa couleur + 1 par jeton bonus. \
Le plus haut score gagne ; égalité = victoire partagée."""
