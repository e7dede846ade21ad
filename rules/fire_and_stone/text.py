"""/rules fire_and_stone, in English and French (≤ 1800 characters each)."""

RULES_EN = """**Fire & Stone** — lead your Stone Age tribe. First player drawn at random, then clockwise. Each turn, every explorer you have moves, then acts.
**Move**: type the territory number (`17`), up to 2 steps away, not where it started. Region II opens at the 3rd hut tile, III at the 9th. Sea routes (dotted) need Boats.
**Act** on what you find. A face-down tile is revealed and its discovery effect applies first:
• Forest: a stack of 3 game tiles comes out; `g1`–`g3` takes one (see /hand), `pass`.
• Fire: +1 VP when revealed. At any fire `c1`, `c2`… put your game tiles in the pot, `ok` cooks them (food and bags).
• Gathering (apple, nut, mushroom, root): `t1`/`t2` onto a track of its kind or an empty one (one kind per track; if both hold other kinds, `x1`/`x2` empties one first) or `leave` for 2 food. The 3rd tile on a track: an invention `i1`–`i3`, or the top VP card `v1`… covering one of your inventions.
• Hut: a free hut there, the tile goes on the hut track, your explorer goes back to a fire of the region (`f12`).
• Village: `build` for 1 food per hut already there, then back to a fire.
• Secret cache: 1 bag + 1 food. Cave: the cave card is revealed; its effect and action apply (a once-per-tribe action puts your marker on the card).
• Only a food icon: 1 food.
Food only fits in free bags: 2 printed on your tribe board, more as tokens from a supply of 24.
**Hut track**: 5th = everyone's second explorer (at a fire). 11th, or a player's last hut: the end. That player plays once more, the others twice.
**Score**: VP track + VP cards + 1 per hut + 1 per strict village majority + secret objective (/hand).
Option `starting_inventions=on`: each tribe picks a starting invention (`s1`…). Map and most cards are reconstructed."""

RULES_FR = """**Fire & Stone** — 1er joueur tiré au hasard, puis sens horaire. À votre tour, chaque explorateur se déplace puis agit.
**Déplacement** : tapez le numéro du territoire (`17`), à 2 pas au plus, pas celui de départ. Région II ouverte à la 3e tuile Hutte, III à la 9e. Routes maritimes (pointillés) : invention Bateaux.
**Action** selon le territoire. Tuile cachée : révélée, son effet de découverte d'abord :
• Forêt : une pile de 3 tuiles Gibier arrive ; `g1`–`g3` en prend une (voir /hand), `pass`.
• Feu : +1 PV à la découverte. À tout feu, `c1`, `c2`… mettent vos tuiles Gibier dans la marmite, `ok` les cuit (nourriture, sacs).
• Cueillette (pomme, noix, champignon, racine) : `t1`/`t2` sur une piste de ce type ou vide (un type par piste ; si les deux ont d'autres types, `x1`/`x2` en vide une d'abord) ou `leave` pour 2 nourriture. 3e tuile d'une piste : invention `i1`–`i3`, ou la carte PV du dessus `v1`… sur une de vos inventions.
• Hutte : une hutte gratuite, la tuile va sur la piste des huttes, l'explorateur retourne à un feu de la région (`f12`).
• Village : `build`, 1 nourriture par hutte déjà présente, puis retour à un feu.
• Cache secrète : 1 sac + 1 nourriture. Grotte : la carte Grotte est révélée, son effet et son action s'appliquent (action une fois par tribu : votre marqueur va sur la carte).
• Icône seule : 1 nourriture.
Nourriture : 1 par sac libre (2 imprimés sur le plateau Tribu, puis des jetons ; 24 en réserve).
**Piste des huttes** : 5e = second explorateur pour tous (sur un feu). 11e, ou la dernière hutte d'un joueur : fin ; ce joueur rejoue une fois, les autres deux.
**Score** : piste PV + cartes PV + 1/hutte + 1/majorité stricte + objectif secret (/hand).
Option `starting_inventions=on` : invention de départ (`s1`…). Carte et cartes surtout reconstituées."""
