"""Help texts (/rules first_sparks) and phase names."""

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

PAGES_FR = [
    ("overview", "", """\
**Les Premières Étincelles** (Die ersten Funken, Friedemann Friese), 2 à 6 joueurs : faites grandir le plus grand clan.
Votre clan s'étend sur les régions d'une carte de tuiles paysage ; autour de chaque territoire de chasse \
(baies, poisson, ours, mammouth) ses membres chassent avec les outils qu'il connaît, et chaque membre \
doit être nourri. Les cartes technologie (outils, feu, herbes, champs…) s'achètent au marché.
**Mise en place** : chaque clan reçoit 7 nourriture et une carte herbes au hasard (son numéro fixe le \
premier ordre du tour). Dans l'ordre du tour, les joueurs posent les tuiles paysage tirées (option \
`map=layout` : une disposition fixe). Puis, dans l'ordre inverse, chacun place un premier membre gratuit \
sur une région vide près d'un territoire de chasse libre, puis peut en payer un second à côté.
**But** : la partie s'arrête après l'expansion où un clan atteint 13 membres. Le plus grand clan gagne ; \
en cas d'égalité, celui qui a le plus de nourriture.
À 2 joueurs : le second fait aussi grandir un clan neutre, gratuitement, jusqu'à la taille du premier ; \
le premier peut défausser la première carte qu'on lui propose."""),
    ("turn", "", """\
**Un tour**
1. *Achat* : dans l'ordre, proposez une carte du marché actuel (rangée du haut) ou passez. Les autres, \
dans l'ordre, disent s'ils la veulent ; le dernier dans l'ordre qui la veut l'achète, sinon vous devez \
l'acheter. Une carte par clan et par tour. La plus petite carte porte une céréale bonus. 3 outils au \
plus (4 avec Travaux) : rendez-en un pour faire de la place. Puis chaque clan sans le Feu perd un tiers \
de sa nourriture (pourrissement).
2. *Chasse et nourriture* (ordre inverse) : herbes et champs donnent des céréales fixes ; un outil \
demande un membre près de son territoire de chasse et prend sur son espace de récolte selon sa table \
(+1 jeton par territoire identique en plus). Avec plusieurs outils d'une même nourriture, choisissez \
l'ordre. Nourrissez 1 par membre ; ceux qu'on ne peut nourrir meurent de faim (les autres restent \
groupés).
3. *Étendre* (ordre inverse) : placez les nouveaux membres un à un sur des régions voisines de votre \
clan, puis arrêtez. Le 1er…5e nouveau membre coûte 1…5 nourriture, +1 par montagne franchie, +X dans une \
région à X clans (vous compris ; Palabres : −1). 5 au plus par tour, 15 au total.
4. *Bureaucratie* (automatique) : nouvel ordre selon la taille des clans (égalité : la plus haute carte ; \
Intelligence recule), réapprovisionnement des espaces de récolte, la plus haute carte du marché part."""),
    ("scoring", "", """\
**Fin** : après l'expansion où un clan place son 13e membre. Le plus grand clan gagne ; en cas d'égalité, \
celui qui a le plus de nourriture. Le message final donne les membres et la nourriture de chaque clan.
*Arbitrages* : on paie d'abord avec ses jetons chassés (les plus gros qui tiennent, puis des céréales) ; \
les jetons en main ne sont pas dans la réserve et peuvent limiter un réapprovisionnement. Un marché vide \
est regarni depuis la pioche au début de la phase 1. Le Feu cache aussi votre nourriture aux autres \
(`/hand` la montre).
*Sécurité* (hors règle) : si un tour ne change rien dont un clan puisse se servir sans que personne n'ait \
eu de choix, aucun clan ne peut plus atteindre 13 et la partie s'arrête là.
*Cycles* (hors règle) : quand un tour se termine exactement comme l'un des 12 derniers, la partie ne \
s'arrête pas d'elle-même, car un joueur pourrait encore la changer ; le salon en est averti, et dès lors \
chaque joueur peut, une fois, taper `end` à son tour de phase 1 pour proposer de finir la partie en \
l'état. Les autres répondent `agree` ou `refuse` dans l'ordre du tour ; elle ne finit (classée comme \
ci-dessus) que si tous acceptent. À l'échéance, la table répond `agree` pour un joueur absent. Un tour qui \
finit sur une position nouvelle retire l'offre."""),
    ("notation", "", """\
**Mise en place** : `3a` pose la tuile tirée sur l'emplacement 3, son premier territoire en haut (`3b` : \
en bas) · `14` un membre sur la région 14 · `none` pas de second membre.
**Achat** : `offer 12` propose la carte n° 12 de la rangée du haut, `pass` ne propose rien · `buy` / \
`decline` répondent à une proposition · `drop 12` rend l'outil n° 12 · `discard` (2 joueurs) retire la \
première carte qu'on vous propose · `end` propose de finir une partie dont les tours tournent en rond, \
`agree` / `refuse` y répondent.
**Chasse** : `hunt 19>27` utilise l'outil n° 19 avant le n° 27 · `starve 14` le membre de la région 14 \
meurt de faim.
**Étendre** : `14` un nouveau membre sur la région 14 · `done` arrêter · `n14` le clan neutre (2 joueurs).
L'autocomplétion et les boutons disent chaque coup en mots, avec son coût. `/hand` : votre nourriture, \
vos outils et vos connaissances."""),
]

RULES_EN = "\n\n".join(text for _, _, text in PAGES_EN)
RULES_FR = "\n\n".join(text for _, _, text in PAGES_FR)


def rules_pages(locale: str | None = None) -> list[tuple[str, str, str]]:
    """The /rules pages in the reader's language: (topic, title — empty for the shared title, text)."""
    return PAGES_FR if locale and locale.startswith("fr") else PAGES_EN
