"""The replay animation (issue 16, point 5): frames streamed one at a time
into the GIF, written as changed rectangles, exactly what was drawn, the
last frame the live board, under the limit."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

import render
from render import animation
from render.animation import Frame, GifStream, build_gif, last_frame, shared_palette
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
