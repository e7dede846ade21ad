"""The replay animation (issue 16, point 5): frames streamed one at a time
into the GIF, written as changed rectangles, exactly what was drawn, the
last frame the live board, under the limit."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

import render
from render import animation
from render.animation import Caption, Frame, GifStream, build_gif, last_frame, shared_palette
from render.kit import Table, encode_png
from rules import registry
from rules.core import random_playout

NAMES = ["Ana", "Bo", "Cy"]


def clans_positions(points: list[int]) -> list[tuple[dict, Table]]:
    """Public views of one seeded Clans game after the given numbers of moves."""
    game = registry.get("clans")
    playout = random_playout(game, 3, 5)
    state = game.setup(3, 5, game.resolve_options({}))
    out = []
    for i in range(max(points) + 1):
        if i in points:
            out.append((game.view(state, None), Table(names=NAMES, to_act=game.to_act(state), title=f"Clans {i}")))
        if i < len(playout.moves):
            state, _ = game.apply(state, playout.moves[i])
    return out


def frames_of(data: bytes) -> list[Image.Image]:
    gif = Image.open(io.BytesIO(data))
    out = []
    for i in range(gif.n_frames):
        gif.seek(i)
        out.append(gif.convert("RGB"))
    return out


def test_every_frame_shows_exactly_what_was_drawn_and_the_last_is_the_live_board():
    positions = clans_positions([0, 3, 4, 9, 15, 16])
    live_view, live_table = positions[-1]
    live = encode_png(render.draw("clans", live_view, live_table))

    def source(wanted):
        for i in wanted:
            yield Frame(*positions[i])

    anim = build_gif("clans", source, len(positions), 10_000_000, live)
    shown = frames_of(anim.data)
    assert anim.frames == len(shown) == len(positions) and not (anim.dropped or anim.scaled or anim.sampled)
    palette = shared_palette(Image.open(io.BytesIO(live)))
    size = Image.open(io.BytesIO(live)).size
    for i, (view, table) in enumerate(positions[:-1]):
        drawn = render.draw("clans", view, table).convert("RGB")
        canvas = Image.new("RGB", size, animation.PAPER)
        canvas.paste(drawn, (0, 0))
        expected = canvas.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
        assert ImageChops.difference(shown[i], expected).getbbox() is None, f"frame {i} is not what was drawn"
    assert last_frame(anim.data).tobytes() == Image.open(io.BytesIO(live)).convert("RGB").tobytes()


def test_later_frames_are_written_as_the_rectangle_that_changed():
    positions = clans_positions([10, 11])
    out = io.BytesIO()
    first = render.draw("clans", *positions[0]).convert("RGB")
    stream = GifStream(out, shared_palette(first))
    stream.add(first, 100)
    stream.add(first.copy(), 100)   # nothing changed: merged into the frame before
    stream.add(render.draw("clans", *positions[1]).convert("RGB"), 100)
    data = stream.close()
    gif = Image.open(io.BytesIO(data))
    assert gif.n_frames == 2
    assert gif.info.get("duration") == 200, "the unchanged frame's time went to the one before"
    gif.seek(1)
    box = gif.dispose_extent   # where the second frame was written
    assert box != (0, 0, first.width, first.height) and box[3] < first.height, box
    alone = GifStream(io.BytesIO(), shared_palette(first))
    alone.add(first, 100)
    one_frame = len(alone.close())
    assert len(data) - one_frame < one_frame / 3, "the second frame costs a fraction of a whole one"


def test_frames_are_made_one_at_a_time_as_they_are_drawn(monkeypatch):
    """Streaming: the source is asked for a frame only once the one before
    was drawn, so frames are never all held at once."""
    positions = clans_positions([0, 2, 4, 6, 8])
    order: list[str] = []
    real = render.draw

    def draw(key, view, table, focus=False):
        order.append("draw")
        return real(key, view, table, focus)

    def source(wanted):
        for i in wanted:
            order.append("make")
            yield Frame(*positions[i])

    monkeypatch.setattr(render, "draw", draw)
    build_gif("clans", source, len(positions), 10_000_000)
    made = [step for step in order if step == "make"]
    assert len(made) >= len(positions)
    for a, b in zip(order, order[1:]):
        assert not (a == "make" and b == "make"), order


def test_a_long_game_is_sampled_and_a_small_limit_is_kept():
    positions = clans_positions(list(range(0, 40)))

    def source(wanted):
        for i in wanted:
            yield Frame(*positions[i])

    whole = build_gif("clans", source, len(positions), 50_000_000)
    limit = len(whole.data) // 4
    small = build_gif("clans", source, len(positions), limit)
    assert len(small.data) <= limit < len(whole.data)
    assert small.dropped or small.scaled
    assert Image.open(io.BytesIO(small.data)).n_frames == small.frames
    many = build_gif("clans", lambda wanted: (Frame(*positions[i % 40]) for i in wanted), 250, 50_000_000)
    assert many.sampled and many.frames <= animation.MAX_FRAMES


# ---------------------------------------------------------------- issue 16, point 5: every move, and what happened

def carcassonne_positions(players: int, seed: int) -> list[tuple[dict, Table]]:
    """Public views of one seeded Carcassonne game after each move (set-up first)."""
    game = registry.get("carcassonne_hg")
    names = ["Ana", "Bo", "Cy", "Dee", "Eli"][:players]
    state = game.setup(players, seed, game.resolve_options({}))
    out = [(game.view(state, None), Table(names=names, to_act=game.to_act(state)))]
    for move in random_playout(game, players, seed).moves:
        state, _ = game.apply(state, move)
        out.append((game.view(state, None), Table(names=names, to_act=game.to_act(state))))
    return out


def test_a_growing_map_is_drawn_on_the_last_frames_grid_so_a_frame_differs_only_where_a_tile_landed():
    from render import carcassonne_hg
    positions = carcassonne_positions(2, 3)
    grids = [carcassonne_hg.layout(animation.Grid.prepare(v)) for v, _t in positions]
    # two moves late in the game where the map grew by a row or column (drawn as they are, the two boards
    # differ whole: the map moved in the image and its textured ground shifted)
    i = next(i for i in range(len(positions) - 2, 0, -1)
             if grids[i][4] == grids[i + 1][4] and grids[i][:4] != grids[i + 1][:4])
    picked = [positions[0], positions[i], positions[i + 1], positions[-1]]
    native = [render.draw("carcassonne_hg", animation.Grid.prepare(v), t).convert("RGB") for v, t in picked[1:3]]
    common = (min(native[0].width, native[1].width), min(native[0].height, native[1].height))
    moved = ImageChops.difference(native[0].crop((0, 0, *common)), native[1].crop((0, 0, *common)))
    assert moved.convert("L").point(lambda v: 255 if v else 0).histogram()[255] > common[0] * common[1] * 0.1

    def source(wanted):
        for k in wanted:
            yield Frame(*picked[k])

    anim = build_gif("carcassonne_hg", source, len(picked), 50_000_000)
    shown = frames_of(anim.data)
    assert anim.frames == 4 and not anim.scaled and len({f.size for f in shown}) == 1
    last_view = animation.Grid.prepare(picked[-1][0])
    min_x, min_y, cols, rows, size = carcassonne_hg.layout(last_view)
    x0, y0, _x1, _y1 = carcassonne_hg.tile_box(last_view, min_x, min_y)
    board = (x0, y0, x0 + cols * size, y0 + rows * size)
    changed = ImageChops.difference(shown[1].crop(board), shown[2].crop(board)).convert("L").point(
        lambda v: 255 if v else 0)
    area = (board[2] - board[0]) * (board[3] - board[1])
    assert 0 < changed.histogram()[255] < area * 0.02, "only the squares the move touched changed"
    # the set-up shows the start tile alone, at the last frame's scale, where the last frame has it
    ground = Image.new("RGB", shown[0].size, shown[0].getpixel((board[0] + 2, board[1] + 2)))
    drawn = ImageChops.difference(shown[0], ground).crop(board).getbbox()
    sx, sy, sx1, sy1 = carcassonne_hg.tile_box(last_view, 0, 0)
    assert drawn is not None
    assert all(abs(a - b) <= 8 for a, b in zip(drawn, (sx - board[0], sy - board[1], sx1 - board[0], sy1 - board[1]))), \
        (drawn, (sx, sy, sx1, sy1), board)


def test_a_caption_puts_a_band_over_the_frames_before_the_last_which_is_the_live_board_exactly():
    positions = clans_positions([0, 3, 4])
    live_view, live_table = positions[-1]
    live = encode_png(render.draw("clans", live_view, live_table))
    captions = [Caption("Clans · 0/2"), Caption("Clans · 1/2", 0, ["{p0} moves 3 huts."]),
                Caption("Clans · 2/2", 1, [f"{{p1}} event {k}." for k in range(6)])]

    def source(wanted):
        for i in wanted:
            yield Frame(*positions[i], caption=captions[i])

    anim = build_gif("clans", source, len(positions), 10_000_000, live)
    shown = frames_of(anim.data)
    width, height = Image.open(io.BytesIO(live)).size
    band = animation.band_height(width)
    assert {f.size for f in shown} == {(width, height)} and band * 4 <= height
    assert shown[-1].tobytes() == Image.open(io.BytesIO(live)).convert("RGB").tobytes(), "the last is the live board"
    bands = [f.crop((0, 0, width, band)) for f in shown[:2]]
    assert ImageChops.difference(*bands).getbbox() is not None, "each frame's band tells its own move"
    assert ImageChops.difference(bands[0], Image.new("RGB", bands[0].size, animation.PAPER)).getbbox() is not None
    # the band's text is readable at phone width, and always the same height however much happened
    assert animation.band_size(width) * 400 / width >= 7
    drawn = animation.draw_band(captions[2], live_table, width)
    assert drawn.size == (width, band)
    assert animation.draw_band(Caption("x", 0, ["one line"] * 40), live_table, width).size == drawn.size


def test_a_replay_of_many_moves_shows_frames_shorter_but_long_enough_to_read():
    assert animation.frame_ms(10) == animation.FRAME_MS
    assert animation.SHORTEST_MS <= animation.frame_ms(140) < animation.FRAME_MS
    assert animation.frame_ms(10_000) == animation.SHORTEST_MS
