"""/rules neanderthal: short help in English and French (Discord limit)."""

RULES_EN = """**Neanderthal** — 3 species (Archaic, Neanderthal, Cro-Magnon) race to culture. 2 players: two species, 6 portals to convert. Solo/coop (mode=solo|coop): win together if two species end alive with a domestic animal.
Each round: **1** an event card (cool/warm, Würm, elder attrition, chaos: choose losses `lose cube`/`lose B` wanderer/`lose alpha`, blizzard, expatriation) then an open auction for the daughter, in turn: `bid 2` (a number of discs in her colours, all worth the same) to open, match (ties: the Caring Woman, then player order) or raise, or `pass`; it ends when all others pass, and the winner names the colours it pays: `pay ok` (o orange, w white, k black). Tribal harem: half value.
**2** in order, assign: `N3x2` 2 hunters to North card 3, `S1a` the alpha, `e4` promote a Warrior, `wed 1` husband for daughter 1, `court B2` (or `court B2a`) court seat B's daughter 2, `recall e3` (a full hand then discards, B2), `sultan 1>2`, then `done`. `alpha` swaps a hunter for the alpha whenever you act (B4).
**3** negotiation (a tribal chief on one side; tribal players propose, vocal ones only retreat and answer): `ask B N3` (B leaves) or `retreat N3 B` (you leave), optionally + a deal (`ask B N3 get x1`): `give horse`/`give t1`, `get x1`/`get hand`, `swap horse>hand`/`swap t1>x1` (hand for hand, tableau for tableau: d daughter, t trophy, x animal, i invention), `wed 1`; `divorce B1` (you are asked for it too); answer `yes`/`no` (`yes bee`: the hand card you give; a full hand may receive and then discards; every other seat on the card must agree too; unanswered after the `answer` option's hours, 24 by default: no). Coop: once a round `swap B o>k`, `swap B o>icard`, `swap B atlatl>k`/`>icard` (disc or I card for disc or I card); then attacks (black-disc majority first; `hit B` aims a hit, the victim picks `lose cube`/`lose B`/`lose alpha`/`lose husband`) and gathering.
**4** hunts and courting (alpha power, also a Warrior alpha courting: `power`/`roll`; your uncontested cards: the first you assigned, then `next S1` when a result may free a disc you wait for; a club invention turns a courting 3 into a 1): smallest party first, winner takes all; the first player orders contested cards and predators: `next N3`; trophies and cards to hand (`take`/`leave`); after a card taken into hand, the others on it may hunt its replacement (`try`) or go `home` (G7). Courting your own daughter needs an orange disc (E3), unless husbands are free.
**5** domestic animals.
**6** one action: `portal venus o`, `neo e3`, `neo d1 w`, `neo h1`, tribal: `tame horse`, `tool atlatl knapper`, or `pass`.
After a success, pick the disc to free: `free e3`/`free d1`. Chaos choices: `lose e3`, `lose e3 flip`, `keep`/`flip`. Blizzard: `drop e3`/`drop d1`/`drop x1`. Hand: `/hand`, `discard <card>`.
Daughter abilities work once she is mature (and married, if monogamous): totem (hunts and attacks first), caring (wins ties), gatherer, free husbands (no disc to promote one), +N VP.
Game end: after the last event card, or at once when Europe has no card left to hunt (J). VP by your sexuality card (J), plus the daughters' bonuses. Alone at the table you play solo. Expatriation: nobody lost a hunter to chaos, nobody leaves (D6)."""

RULES_FR = """**Néanderthal** — 3 espèces (Archaïque, Néanderthal, Cro-Magnon) vers la culture. À 2 : deux espèces, 6 portails pour convertir. Solo/coop (mode=solo|coop) : victoire commune si deux espèces finissent vivantes avec un animal domestique.
Chaque tour : **1** carte événement (climat, Würm, déperdition, chaos : `lose cube`/`lose B` errant/`lose alpha`, blizzard, exil) puis enchère ouverte sur la fille, à tour de rôle : `bid 2` (un nombre de disques de ses couleurs, de valeur égale) pour ouvrir, suivre (égalité : la femme attentionnée, puis ordre du tour) ou surenchérir, ou `pass` ; fin quand tous les autres passent, puis le gagnant nomme les couleurs payées : `pay ok` (o orange, w blanc, k noir). Harem tribal : moitié.
**2** dans l'ordre, assignez : `N3x2` 2 chasseurs sur la carte Nord 3, `S1a` l'alpha, `e4` promouvoir un Guerrier, `wed 1` mari pour la fille 1, `court B2` (ou `court B2a`) courtiser la fille 2 du siège B, `recall e3` (une main trop pleine défausse ensuite, B2), `sultan 1>2`, puis `done`. `alpha` échange un chasseur contre l'alpha à tout moment où vous jouez (B4).
**3** négociation (un chef tribal d'un côté ; un tribal propose, un vocal ne fait que se retirer et répondre) : `ask B N3` (B part) ou `retreat N3 B` (vous partez), + un accord éventuel (`ask B N3 get x1`) : `give horse`/`give t1`, `get x1`/`get hand`, `swap horse>hand`/`swap t1>x1` (main contre main, tableau contre tableau : d fille, t trophée, x animal, i invention), `wed 1` ; `divorce B1` (proposé à vous aussi) ; réponse `yes`/`no` (`yes bee` : la carte de main donnée ; une main pleine peut recevoir puis défausse ; tout autre siège présent sur la carte doit aussi accepter ; sans réponse après le délai de l'option `answer`, 24 h par défaut : non). Coop : une fois par tour `swap B o>k`, `swap B o>icard`, `swap B atlatl>k`/`>icard` (disque ou carte I contre disque ou carte I) ; puis attaques (disques noirs d'abord ; `hit B` vise, la victime choisit `lose …`) et cueillette.
**4** chasses et cour (pouvoir de l'alpha, aussi l'alpha guerrier qui courtise : `power`/`roll` ; vos cartes indisputées : la première assignée, puis `next S1` quand un résultat peut libérer un disque attendu ; une invention massue change un 3 de cour en 1) : petite compagnie d'abord, le gagnant prend tout ; le premier joueur ordonne cartes disputées et prédateurs : `next N3` ; trophée ou main (`take`/`leave`) ; après une carte prise en main, les autres chasseurs présents peuvent chasser la carte de remplacement (`try`) ou rentrer (`home`) (G7). Courtiser sa propre fille demande un disque orange (E3), sauf maris gratuits.
**5** animaux domestiques.
**6** une action : `portal venus o`, `neo e3`, `neo d1 w`, `neo h1`, tribal : `tame horse`, `tool atlatl knapper`, ou `pass`.
Après une réussite, choisissez le disque libéré : `free e3`/`free d1`. Chaos : `lose e3`, `lose e3 flip`, `keep`/`flip`. Blizzard : `drop e3`/`drop d1`/`drop x1`. Main : `/hand`, `discard <carte>`.
Les capacités des filles agissent une fois mûres (et mariées si monogame) : totem (chasse et attaque en premier), attentionnée (gagne les égalités), cueilleuse, maris gratuits (promotion sans disque), +N PV.
Fin : après la dernière carte événement, ou dès que l'Europe n'a plus de carte à chasser (J). PV selon votre carte Sexualité (J), plus les bonus des filles. Seul à la table, vous jouez en solo. Exil : si personne n'a perdu de chasseur au chaos, personne ne part (D6)."""


# /rules neanderthal topic:<page> — the game taught in pages (overview, turn, scoring, notation), each
# within one Discord message; the dense code list above stays the one-piece summary.
PAGES_EN = [
    ("overview", "", """\
**Neanderthal** (Phil Eklund), 1–3 players. Each of you leads a species of the last Ice Age — Archaic \
humans (green), Neanderthals (yellow), Cro-Magnons (red) — living in Europe 45,000 years ago (A).
You start **vocal**: you have words (your vocabulary: orange social, black technical, white nature discs) \
but not yet ideas. You spend discs on elders, husbands and bids for **daughters**, the culture cards. \
Hunting the Ice Age megafauna brings babies (new hunters) and frees discs. Your daughters' words open \
mental **portals**; with 5 portals (6 alone or at 2 players) your brain board flips and you become \
**tribal**: you can now tame animals and make tools (I).
**Goal**: the most victory points when the last event card has been played, or as soon as Europe is \
iced over (nothing left to hunt) (J). Your sexuality card — libertine, harem or monogamous — decides \
what scores (see the scoring page).
**Variants** (K2): alone you play all three species (solo); `mode=coop` at 2–3 players: you all win \
together if at least two species end alive with a domestic animal. A 1-player table plays solo.
`/hand` shows your hand cards; the board shows the hunting rows (North/South cards 1–6), each tribe's \
hunters, elders, discs and daughters."""),
    ("turn", "", """\
Each round has **six phases**, played by everyone before the next (A1):
**1 Event and culture auction** (D): an event card is revealed (climate, Würm ice, elder attrition, \
chaos, blizzard, expatriation…) and says who plays first; then an open auction for the daughter card: \
bid a number of discs of her colours, match or raise in turn, or pass.
**2 Assign hunters** (E): put hunter cubes on North/South cards to hunt, promote elders, marry a \
daughter, court another tribe's daughter; then say you are done.
**3 Negotiation, attacks, gathering** (F): where tribes share a card, a tribal chief may bargain others \
away (gifts, swaps, marriages); then mandatory attacks on the same card; gatherer species add a hunter \
per gathering biome.
**4 Hunts and courting** (G): a die per hunter; enough successes bring babies and free discs; the \
first to succeed on a contested card takes all; trophies, inventions and animals can be taken; \
frozen or bloody results kill hunters, even on a success.
**5 Domestic animals** (H): each D card in your tableau gives its babies and discs.
**6 One elder action** (I): vocal — add a portal disc or free a disc (neolexia); tribal — tame an \
animal or make a tool from your hand. Or pass."""),
    ("scoring", "", """\
At the end (J) count victory points by **your sexuality card**; cubes of your colour score for you \
even in another tribe's camp; daughters, elders, husbands, animals and inventions count only once \
mature; the alpha only if E5 allows it.
**Libertine** ("selfish gene"): elders, husbands, daughter cards and vocabulary discs 1 VP each; \
unassigned hunters 2; trophies and inventions 3; the alpha and domestic animals 4.
**Monogamous** ("family values"): unassigned hunters, daughter cards (married or not) and vocabulary \
discs 1; elders and trophies 2; the alpha, husbands and inventions 3; domestic animals 4.
**Harem** ("big man"): unassigned hunters, elders, husbands and vocabulary discs 1; daughter cards 2; \
the alpha and inventions 3; trophies and domestic animals 4.
A trophy counts what your sexuality card says (3, 2 or 4), whatever number is printed on the card (the \
board shows none). Some daughters add their own bonus points. Highest total wins; a tie is a shared victory.
Solo and co-op (K2): you win together when at least two species survive with one or more domestic \
animals."""),
    ("notation", "", RULES_EN),
]

PAGES_FR = [
    ("overview", "", """\
**Néanderthal** (Phil Eklund), 1 à 3 joueurs. Chacun mène une espèce de la dernière glaciation — \
Archaïques (vert), Néandertaliens (jaune), Cro-Magnons (rouge) — en Europe il y a 45 000 ans (A).
Vous commencez **vocal** : vous avez les mots (votre vocabulaire : disques orange sociaux, noirs \
techniques, blancs de la nature) mais pas encore les idées. Les disques servent aux anciens, aux maris \
et aux enchères sur les **filles**, les cartes de culture. Chasser la mégafaune donne des bébés \
(nouveaux chasseurs) et libère des disques. Les mots de vos filles ouvrent des **portails** ; à 5 \
portails (6 en solitaire ou à 2) votre plateau cerveau se retourne : vous devenez **tribal** et pouvez \
domestiquer des animaux et fabriquer des outils (I).
**But** : le plus de points de victoire après la dernière carte événement, ou dès que l'Europe est \
entièrement gelée (plus rien à chasser) (J). Votre carte Sexualité — libertine, harem ou monogame — \
dit ce qui rapporte (voir la page du score).
**Variantes** (K2) : seul, vous jouez les trois espèces (solo) ; `mode=coop` à 2–3 : victoire commune si \
au moins deux espèces finissent vivantes avec un animal domestique. Une table d'un joueur joue en solo.
`/hand` montre vos cartes en main ; le plateau montre les rangées de chasse (cartes Nord/Sud 1–6), les \
chasseurs, anciens, disques et filles de chaque tribu."""),
    ("turn", "", """\
Chaque tour a **six phases**, jouées par tous avant la suivante (A1) :
**1 Événement et enchère de culture** (D) : une carte événement est révélée (climat, glace de Würm, \
déperdition des anciens, chaos, blizzard, exil…) et désigne le premier joueur ; puis enchère ouverte \
sur la carte Fille : un nombre de disques de ses couleurs, suivre ou surenchérir à tour de rôle, ou passer.
**2 Assignation des chasseurs** (E) : posez vos cubes sur les cartes Nord/Sud pour chasser, promouvoir \
des anciens, marier une fille, courtiser la fille d'une autre tribu ; puis annoncez que vous avez fini.
**3 Négociation, attaques, cueillette** (F) : sur une carte partagée, un chef tribal peut négocier le \
retrait des autres (dons, échanges, mariages) ; puis attaques obligatoires sur la même carte ; les \
espèces cueilleuses ajoutent un chasseur par biome de cueillette.
**4 Chasses et cour** (G) : un dé par chasseur ; assez de succès donnent des bébés et libèrent des \
disques ; sur une carte disputée, le premier qui réussit prend tout ; trophées, inventions et animaux \
peuvent être pris ; les dés gelés ou ensanglantés tuent des chasseurs, même en cas de succès.
**5 Animaux domestiques** (H) : chaque carte D de votre tableau donne ses bébés et ses disques.
**6 Une action d'ancien** (I) : vocal — ajouter un disque de portail ou libérer un disque (néolexie) ; \
tribal — domestiquer un animal ou fabriquer un outil de votre main. Ou passer."""),
    ("scoring", "", """\
À la fin (J), comptez les points de victoire selon **votre carte Sexualité** ; les cubes de votre \
couleur comptent pour vous même chez un autre joueur ; filles, anciens, maris, animaux et inventions ne \
comptent qu'arrivés à maturité ; l'alpha seulement si E5 le permet.
**Libertine** (« gène égoïste ») : anciens, maris, cartes Fille et disques de vocabulaire 1 PV chacun ; \
chasseurs non assignés 2 ; trophées et inventions 3 ; l'alpha et les animaux domestiques 4.
**Monogame** (« valeurs familiales ») : chasseurs non assignés, cartes Fille (mariées ou non) et disques \
de vocabulaire 1 ; anciens et trophées 2 ; l'alpha, les maris et les inventions 3 ; animaux domestiques 4.
**Harem** (« grand homme ») : chasseurs non assignés, anciens, maris et disques de vocabulaire 1 ; \
cartes Fille 2 ; l'alpha et les inventions 3 ; trophées et animaux domestiques 4.
Un trophée vaut ce que dit votre carte Sexualité (3, 2 ou 4), quel que soit le nombre imprimé sur la carte \
(le plateau n'en montre aucun). Certaines filles ajoutent leurs propres points. Le plus haut total gagne ; \
une égalité est une victoire partagée. Solo et coop (K2) : victoire commune si au moins deux espèces survivent avec un animal domestique."""),
    ("notation", "", RULES_FR),
]


def rules_pages(locale: str | None = None) -> list[tuple[str, str, str]]:
    """The /rules pages in the reader's language: (topic, title — empty for the shared title, text)."""
    return PAGES_FR if locale and locale.startswith("fr") else PAGES_EN
