"""DejaVu Sans, shipped so every board draws every glyph the same everywhere (licence: LICENSE.txt)."""
