"""Issue 15: /log and /since read in the reader's language, down to the words the table adds
(a resignation; who acted when no player did; an undo)."""

from __future__ import annotations

import dataclasses

from tests.bot.conftest import ANN, BOB, HERE, started


async def _played_undone_resigned(service) -> None:
    await started(service)
    await service.move(HERE, ANN, "take 2")
    assert (await service.undo(HERE, ANN, confirm=True)).ok
    await service.move(HERE, ANN, "take 1")
    assert (await service.resign(HERE, BOB)).ok


async def test_log_words_its_own_entries_in_french(service):
    await _played_undone_resigned(service)
    french = (await service.log(HERE, dataclasses.replace(ANN, locale="fr"))).text
    assert "**Bob** : `abandonne`" in french and "`resigns`" not in french
    english = (await service.log(HERE, ANN)).text
    assert "**Bob**: `resigns`" in english
