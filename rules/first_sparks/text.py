"""Help texts (/rules first_sparks) and phase names."""

RULES_EN = """**The First Sparks** (F. Friese): grow the largest clan.
**Setup**: 7 food, a random herbs card (first order). In turn, lay the drawn landscape tile on a numbered spot (`3a`: its first ground above; `3b`: below). Place a free first member on an empty region around an unclaimed hunting ground (reverse order; type its number, e.g. `14`), then optionally a paid second one next to it (`14` or `none`).
**Each round**
1. *Buy*: on your turn `offer 12` (a card of the current, top market row) or `pass`. The others, in order, answer `buy`/`decline`; the last one in order who wants it buys it, else you must. One card per clan per round. Grain bonus on the lowest card. Max 3 tools (4 with Works): `drop 12` to give one up. Then everyone without Fire loses a third of their food.
2. *Hunt* (reverse order): herbs and fields give fixed crops; a tool needs a member next to its hunting ground and takes from its harvest space by its table (+1 virtual token per extra matching ground). Several tools of one food: choose the order (`hunt 19>27`). Feed 1 per member; if short, `starve 14` members (the rest stays one group).
3. *Expand* (reverse order): type regions next to your clan, one by one, then `done`. 1st/2nd/3rd/4th/5th new member costs 1/2/3/4/5, +1 across a mountain, +X into a region with X clans incl. you (Palaver: −1). Max 5 a round, 15 in all.
4. *Bureaucracy* (auto): order by size (ties: highest card; Intelligence steps back), restock, the highest card leaves.
**End**: after the expansion in which a clan reaches 13. Largest clan wins; ties: most food.
2 players: the second player grows a free neutral clan (`n14`) to the first player's size; the first player may `discard` his first offered card.
Fire hides your food (`/hand`).
*Rulings*: you pay with your hunted tokens first (largest that fit, then crops); tokens in clans' hands are not in the reserve, so they can cut a restock. An empty market is refilled from the deck at the start of phase 1. Safeguard (no rule of the book): if a round changes nothing a clan can use (spaces nobody hunts and cards nobody can pay aside) and nobody had a choice in it, no clan can ever reach 13 and the game ends as it stands; so it does when three rounds in a row end as the round before them (a repetition, as in chess)."""

RULES_FR = """**Die ersten Funken** (F. Friese) : le plus grand clan gagne.
**Mise en place** : 7 de nourriture, une carte herbes au hasard. À tour de rôle, posez la tuile tirée sur un emplacement numéroté (`3a` : 1er territoire en haut ; `3b` : en bas). Placez un premier membre gratuit sur une région vide près d'un territoire de chasse libre (ordre inverse ; tapez son numéro, p.ex. `14`), puis un second payant à côté (`14` ou `none`).
**Chaque tour**
1. *Achat* : à votre tour `offer 12` (carte du marché actuel) ou `pass`. Les autres, dans l'ordre, répondent `buy`/`decline` ; le plus éloigné qui veut l'achète, sinon vous devez l'acheter. Une carte par clan et par tour. Céréale bonus sur la plus petite carte. 3 outils max (4 avec Travaux) : `drop 12` pour en rendre un. Puis sans le Feu on perd un tiers de sa nourriture.
2. *Chasse* (ordre inverse) : herbes et champs donnent des céréales fixes ; un outil demande un membre près du bon territoire et prend selon sa table (+1 jeton virtuel par territoire identique en plus). Plusieurs outils d'un type : choisissez l'ordre (`hunt 19>27`). Nourrir 1 par membre ; sinon `starve 14` (les survivants restent groupés).
3. *Étendre* (ordre inverse) : tapez des régions voisines une à une puis `done`. Le 1er…5e nouveau membre coûte 1…5, +1 par montagne, +X dans une région à X clans (vous compris ; Palabres : −1). 5 par tour, 15 au total.
4. *Bureaucratie* (auto) : ordre par taille (égalité : plus haute carte ; Intelligence recule), réapprovisionnement, la plus haute carte part.
**Fin** : après l'expansion où un clan atteint 13. Égalité : la nourriture restante.
2 joueurs : le second fait grandir le clan neutre (`n14`) ; le premier peut `discard` sa première carte proposée.
Le Feu cache votre nourriture (`/hand`).
*Arbitrages* : on paie d'abord avec ses jetons chassés (les plus gros qui tiennent, puis des céréales) ; les jetons en main ne sont pas dans la réserve et peuvent limiter le réapprovisionnement. Un marché vide est regarni depuis la pioche au début de la phase 1. Sécurité (hors règle) : si un tour ne change rien dont un clan puisse se servir (hors espaces où nul ne chasse et cartes que nul ne peut payer) sans que personne n'ait eu de choix, aucun clan ne peut plus atteindre 13 et la partie s'arrête là ; de même quand trois tours de suite se terminent comme le tour d'avant (une répétition, comme aux échecs)."""
