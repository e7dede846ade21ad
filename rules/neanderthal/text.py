"""/rules neanderthal: short help in English and French (Discord limit)."""

from rules.core import declare_pages

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



# the /rules pages as phrases: their French is in bot/locale/fr/LC_MESSAGES/rules.po
PAGES = declare_pages("neanderthal", PAGES_EN)
