"""Questions about a Neanderthal state that both the phase flow (``engine``)
and the move builders (``choices``, ``negotiation``) ask: who may bid and how
much, who fights whom on a card, what a seat may lose or free. They read the
state and change nothing, so builders need not import the engine."""

from __future__ import annotations

from . import phrases as ph
from .data import COLOURS, DAUGHTERS, ELDERS, SEXUALITY
from .model import (
    KEY_POS,
    card_name,
    has_ability,
    has_elder,
    holder_discs,
    immature_holders,
    lazarus,
    n_seats,
    order_index,
    parse_daughter_key,
    player,
    slot_card,
)


def slug(cid: str) -> str:
    """A card's short name in notations (`tame horse`, `discard birchtar`)."""
    return "".join(ch for ch in card_name(cid).lower() if ch.isalnum())


def sex_options(st, seat):
    return list(SEXUALITY["cards"][st["pl"][seat]["sexcard"]])


def chaos_kinds(st, seat) -> list:
    """D4/D6: the kinds of unassigned hunter a seat may give up, in the order
    the table picks for an absent player (wanderers, own cubes, the alpha)."""
    p = st["pl"][seat]
    out: list[int | str] = [s for s in range(n_seats(st)) if s != seat and p["pool"][s] > 0]
    if p["pool"][seat] > 0:
        out.append(seat)
    if p["alpha"] == "pool":
        out.append("a")
    return out


def dependants(st, seat) -> list:
    """Elders, daughters without a mature husband, domestic animals (D5)."""
    p = st["pl"][seat]
    out = [f"e{r}" for r in range(1, 7) if has_elder(p, r)]
    out += [f"d{i + 1}" for i, d in enumerate(p["daughters"]) if not (d["hus"] and d["hus"]["imm"] is None)]
    out += [f"x{i + 1}" for i in range(len(p["domestic"]))]
    return out


def dependant_count(st, seat) -> int:
    """len(dependants(st, seat)), without naming them."""
    p = st["pl"][seat]
    n = 6 - p["elders"][1:7].count(None) + len(p["domestic"])
    for d in p["daughters"]:
        h = d["hus"]
        if not (h and h["imm"] is None):
            n += 1
    return n


def expat_targets(st, seat) -> list:
    return [s for s in range(n_seats(st)) if s != seat and not lazarus(st, s)]


BID_COLOURS = {cid: tuple(c for c in COLOURS if c in info["bid"]) for cid, info in DAUGHTERS.items()}


def bid_colours(st) -> list:
    return list(BID_COLOURS[st["event"]])


def bid_capacity(st, seat) -> int:
    """How many discs a seat can put up: its vocabulary in the card's colours."""
    return sum(map(st["pl"][seat]["vocab"].__getitem__, BID_COLOURS[st["event"]]))


def bid_value(st, seat, n: int) -> float:
    return n / 2 if st["pl"][seat]["tribal"] else n  # D7: a tribal harem bids at half value (no rounding)


def bid_key(st, seat, n: int) -> tuple:
    """Higher wins: the value, then the Caring Woman, then player order (D7 ties)."""
    return (bid_value(st, seat, n), 1 if has_ability(st, seat, "caring") else 0, -order_index(st, seat))


def bid_beats(st, seat, n: int) -> bool:
    """A bid is legal when it takes the lead: a raise, or a match that wins the tie."""
    auc = st["auc"]
    if not 1 <= n <= bid_capacity(st, seat):   # D7: the minimum bid is one disc
        return False
    if auc["lead"] is None:
        return True
    return bid_key(st, seat, n) > bid_key(st, auc["lead"], auc["n"])


def bid_turn(st):
    auc = st["auc"]
    return auc["seats"][auc["turn"]]


def bid_text(discs: dict) -> str:
    return "".join(c * discs.get(c, 0) for c in COLOURS)


def payments(st, seat, n) -> list:
    """Every way to pay n discs in the card's colours from the seat's vocabulary."""
    out: list = []
    _fill(st["pl"][seat]["vocab"], BID_COLOURS[st["event"]], 0, n, {}, out)
    return [{c: d.get(c, 0) for c in COLOURS} for d in out]


def single_payment(st, seat, n):
    """payments(st, seat, n)[0] when it is the only way to pay, else None. Without listing them:
    with two colours or more to take from and 0 < n < all of them, a disc can always move from
    one colour to another, so the way is unique only for none, all, or a single colour."""
    vocab = st["pl"][seat]["vocab"]
    cols = BID_COLOURS[st["event"]]
    total = 0
    able = 0
    for c in cols:
        total += vocab[c]
        able += vocab[c] > 0
    if n > total or not (n == 0 or n == total or able <= 1):
        return None
    way = {}
    for c in COLOURS:
        if n == total:
            way[c] = vocab[c] if c in cols else 0
        else:
            way[c] = n if c in cols and vocab[c] > 0 else 0
    return way


def _fill(vocab, cols, i, left, acc, out) -> None:
    """payments, colour by colour: colour i takes k discs, the most first; the last one the rest."""
    if i == len(cols) - 1:
        if left <= vocab[cols[i]]:
            out.append({**acc, cols[i]: left})
        return
    for k in range(min(left, vocab[cols[i]]), -1, -1):
        _fill(vocab, cols, i + 1, left - k, {**acc, cols[i]: k}, out)


def parties_at(st, key) -> dict:
    return st["parties"].get(key, {})


def units(party) -> int:
    return sum(party["c"]) + (1 if party["a"] else 0)


def fighters_at(st, key):
    """{seat: strength} on a card; a husband defends his wife (F2)."""
    out = {}
    for s, p in st["parties"].get(key, {}).items():
        u = sum(p["c"]) + (1 if p["a"] else 0)   # units(p)
        if u > 0:
            out[int(s)] = u
    if key[0] not in "NS":
        owner, i = parse_daughter_key(key)
        h = st["pl"][owner]["daughters"][i]["hus"]
        if h is not None:
            out[h["s"]] = out.get(h["s"], 0) + 1
    return out


def hit_targets(st, key, seat) -> list:
    """Enemies on the card, the table's default (the strongest, then player order) first."""
    fighters = fighters_at(st, key)
    return sorted((s for s in fighters if s != seat and fighters[s] > 0),
                  key=lambda s: (-fighters[s], order_index(st, s)))


def victim_kinds(st, key, victim) -> list:
    """What a hit victim may lose on a card: wanderers, own cubes, the alpha, the husband."""
    out: list[int | str] = []
    party = parties_at(st, key).get(str(victim))
    if party is not None:
        out += [s for s in range(n_seats(st)) if s != victim and party["c"][s] > 0]
        if party["c"][victim] > 0:
            out.append(victim)
        if party["a"]:
            out.append("a")
    hus = husband_at(st, key)
    if hus is not None and hus["s"] == victim:
        out.append("h")
    return out


def husband_at(st, key):
    if key[0] in "NS":
        return None
    owner, i = parse_daughter_key(key)
    return st["pl"][owner]["daughters"][i]["hus"]


def place_name(st, key) -> str:
    if key[0] in "NS":
        cell = slot_card(st, key)
        return f"{key} {card_name(cell[0])}" if cell else key
    owner, i = parse_daughter_key(key)
    return f"{key} {card_name(player(st, owner)['daughters'][i]['id'])}"


def place_said(st, key):
    """place_name as a phrase: the key and the card's name, translated."""
    if key[0] in "NS":
        r, i = KEY_POS[key]
        cell = st["rows"][r][i]   # slot_card
        return ph.place(key, cell[0]) if cell else key
    owner, i = parse_daughter_key(key)
    return ph.place(key, player(st, owner)["daughters"][i]["id"])


def holder_said(st, seat, holder):
    """holder_name as a phrase."""
    kind, i = holder
    p = player(st, seat)
    if kind == "elder":
        return ph.term(ph.ELDER[i])
    if kind == "hus":
        return ph.HUSBAND_OF(card=ph.card(p["daughters"][i]["id"]))
    if kind == "daughter":
        return ph.card(p["daughters"][i]["id"])
    return ph.card(p["domestic" if kind == "domestic" else "inventions"][i]["id"])


def key_order(key):
    return (0 if key[0] in "NS" else 1, key)


def release_options(st, seat, colour) -> list:
    p = st["pl"][seat]
    return [h for h in immature_holders(p) if colour in holder_discs(p, h)]


def holder_name(st, seat, holder) -> str:
    kind, i = holder
    p = st["pl"][seat]
    if kind == "elder":
        return ELDERS[i]["name"]
    if kind == "hus":
        return "husband of " + card_name(p["daughters"][i]["id"])
    if kind == "daughter":
        return card_name(p["daughters"][i]["id"])
    return card_name(p["domestic" if kind == "domestic" else "inventions"][i]["id"])


def alpha_key(key, seat) -> str:
    return f"{key}/{seat}"


def husbands_placed(p, moved: tuple[int, int] | None = None) -> str:
    """How a seat's husbands lie on its daughters, as a short text (``moved``: after the sultan's
    privilege moves daughter i's husband to daughter j)."""
    hus = [d["hus"] for d in p["daughters"]]
    if moved is not None:
        i, j = moved
        hus[j], hus[i] = hus[i], None
    return repr([sorted(h.items()) if h else None for h in hus])


def sultan_seen(st, seat) -> list:
    """The arrangements of husbands the seat has had in this phase 2 since it first used the
    sultan's privilege (E4 « déplacer ses maris … parmi ses filles non mariées »). The book sets no
    limit, but moving a husband back to where he already was only lengthens the turn, and a table
    that does it for ever never ends: a move back is not offered."""
    mark = st.get("sultan")
    return mark["seen"] if mark and mark["seat"] == seat and mark["round"] == st["round"] else []
