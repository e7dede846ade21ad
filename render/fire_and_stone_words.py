"""The words the Fire & Stone board draws that the rules do not say themselves (see
``render/words.py``). Inventions, cave cards and their texts are the rules' own
(``rules.fire_and_stone.phrases``)."""

from __future__ import annotations

from rules.wording import phrase, phrase_n

P = "render.fire_and_stone."

# a chip on the map or a tribe's track: what lies there, in capitals (about 3–5 letters fit)
CHIP = {kind: phrase(f"{P}chip.{kind}", english, f"a short label in capitals on a {what} tile (3–5 letters)")
        for kind, english, what in (("apple", "APL", "gathering (apple)"), ("nut", "NUT", "gathering (nut)"),
                                    ("mushroom", "MSH", "gathering (mushroom)"), ("root", "ROT", "gathering (root)"),
                                    ("forest", "FOR", "forest"), ("fire", "FIRE", "fire"), ("cave", "CAVE", "cave"),
                                    ("hut", "HUT", "hut"), ("cache", "CACHE", "secret cache"))}
START = phrase(f"{P}start", "start", "under the territory where every explorer starts")
REGION = phrase(f"{P}region", "REGION {region}", "a region's name on the map, in capitals (I, II, III)")
REGION_CLOSED = phrase(f"{P}region_closed", "REGION {region} (closed)", "a region not open yet")

# the hut track: its heading and what some spaces do (short: they fit in a small box)
HUTS_TRACK = phrase(f"{P}track.huts", "Huts {n}/11", "the hut track: hut tiles placed of 11")
MILESTONE_REGION = phrase(f"{P}track.region", "reg {region}", "a hut track space: region II or III opens "
                                                              "(very short, fits in a small box)")
MILESTONE_SECOND = phrase(f"{P}track.second", "2nd", "a hut track space: every tribe gets its second explorer "
                                                    "(very short)")
MILESTONE_END = phrase(f"{P}track.end", "END", "the hut track's last space: the end is near (very short)")

# the cards beside the track
INVENTIONS = phrase(f"{P}cards.inventions", "Inventions (deck {n})", "n: cards left in the invention deck")
VP_PILE = phrase_n(f"{P}cards.vp_pile", "VP pile: {n} left", "VP pile: {n} left", "victory point cards left")
VP_PILE_TOP = phrase_n(f"{P}cards.vp_pile_top", "VP pile: {n} left, top {top} VP", "VP pile: {n} left, top {top} VP",
                       "n: victory point cards left; top: the value of the card on top")
STACKS = phrase(f"{P}cards.stacks", "Game stacks: I {one} · II {two} · III {three}",
                "stacks of game tiles left for each region's forests")
BAGS = phrase(f"{P}cards.bags", "Bags in supply: {n}")
CAVE = phrase(f"{P}cards.cave", "Cave: {name}", "name: the cave card face up")
CAVE_DOWN = phrase(f"{P}cards.cave_down", "Cave card: face down")

# the tribes' rows
TRIBES = phrase(f"{P}tribes.head", "Tribes: food in bags · gathering tracks · game tiles · huts left · inventions",
                "heading of the tribes' rows, saying what each part of a row shows")
VP = phrase(f"{P}tribes.vp", "{vp} VP", "victory points")
TRACK_VP = phrase(f"{P}tribes.track_vp", "{vp} VP (track)",
                  "a tribe's victory points on the VP track (the score beside its name also counts its huts, "
                  "majorities and covered cards)")
GAME_TILES = phrase(f"{P}tribes.game", "game {n}", "game tiles a tribe holds (short)")
HUTS_LEFT = phrase(f"{P}tribes.huts", "huts {n}", "huts a tribe has left to build (short)")
COVERED = phrase(f"{P}tribes.covered", "{name} [{vp} VP]", "an invention covered by a victory point card")
MARKER = phrase(f"{P}tribes.marker", "marker on the cave card")
TURNS_LEFT = phrase_n(f"{P}tribes.turns_left", "turns left: {n}", "turns left: {n}",
                      "the end is near: turns this tribe still plays")
TRIBE_LINE = phrase(f"{P}tribes.line2", "{who}: {vp} VP (track) · food {food}/{bags} · huts left {huts}",
                    "one line per tribe on the turn image: points on the VP track, food in its bags, huts still "
                    "to build")

# what the player to act is asked for
NOW = phrase(f"{P}now", "Now: {who}: {what}", "who: the player to act; what: what they choose")
ENDING = phrase(f"{P}ending", "{now} · END TRIGGERED: final turns", "now: the line above; the end has begun")
PROMPT = {
    "move": phrase(f"{P}prompt.move", "move explorer {e}", "e: 1 or 2"),
    "forest": phrase(f"{P}prompt.forest", "take a game tile"),
    "cook": phrase(f"{P}prompt.cook", "cook game tiles ({pot} in the pot)", "pot: game tiles chosen so far"),
    "gather": phrase(f"{P}prompt.gather", "take or leave the gathering tile"),
    "card": phrase(f"{P}prompt.card", "take an invention or a VP card"),
    "build": phrase(f"{P}prompt.build", "build a hut?"),
    "fire": phrase(f"{P}prompt.fire", "send an explorer to a fire"),
    "buy": phrase(f"{P}prompt.buy", "buy in the cave?"),
    "draft": phrase(f"{P}prompt.draft", "choose a starting invention"),
}

# the final score table's columns (the last is render.kit.total)
COLUMNS = [phrase(f"{P}column.{key}", english, note) for key, english, note in (
    ("track", "track", "final score table: points on the VP track"),
    ("cards", "cards", "final score table: VP cards"),
    ("huts", "huts", "final score table: 1 point per hut on the map"),
    ("majorities", "major.", "final score table: majorities (short)"),
    ("objective", "obj.", "final score table: the objective card (short)"))]
