"""From a setting to a store: a path opens SQLite, a postgresql:// URL opens
PostgreSQL, and anything it cannot use is refused with one clear line —
never a folder named ``postgresql:`` holding a surprise SQLite file."""

from __future__ import annotations

import importlib.util
import os

import pytest

from storage import UnusableSetting, open_store
from storage.connect import kind_of, redacted


@pytest.mark.parametrize("setting, kind", [
    ("hearth.sqlite3", "sqlite"), ("data/h.db", "sqlite"), ("/var/lib/hearth.db", "sqlite"), (":memory:", "sqlite"),
    ("C:\\games\\hearth.db", "sqlite"), ("postgresql://u:p@db:5432/hearth", "postgresql"),
    ("postgres://db/hearth", "postgresql"), ("POSTGRESQL://db/hearth", "postgresql"),
])
def test_kind_of_a_setting(setting, kind):
    assert kind_of(setting) == kind


@pytest.mark.parametrize("setting, says", [
    ("mysql://db/hearth", "unknown database scheme 'mysql:'"),
    ("sqlite:///h.db", "unknown database scheme 'sqlite:'"),
    ("postgresql:hearth", "must be followed by //"),
    ("   ", "empty"),
])
def test_settings_it_cannot_use_are_refused_in_one_line(setting, says):
    with pytest.raises(UnusableSetting, match=says) as caught:
        kind_of(setting)
    assert "\n" not in str(caught.value)


async def test_a_refused_url_creates_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for setting in ("postgresql:hearth", "mysql://db/x", "sqlite:///x.db"):
        with pytest.raises(UnusableSetting):
            await open_store(setting)
    assert os.listdir(tmp_path) == []


async def test_a_missing_folder_or_a_folder_is_refused(tmp_path):
    with pytest.raises(UnusableSetting, match="does not exist") as caught:
        await open_store(str(tmp_path / "nowhere" / "h.db"))
    assert "\n" not in str(caught.value)
    assert not (tmp_path / "nowhere").exists()
    with pytest.raises(UnusableSetting, match="is a folder"):
        await open_store(str(tmp_path))


async def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("hello, this is not SQLite\n" * 100)
    with pytest.raises(UnusableSetting, match="cannot use .* as an SQLite database"):
        await open_store(str(tmp_path / "notes.txt"))


async def test_a_path_opens_a_migrated_sqlite_store(tmp_path):
    store = await open_store(str(tmp_path / "h.db"))
    try:
        assert store.kind == "sqlite" and await store.schema_version() > 0
    finally:
        await store.close()


async def test_postgresql_without_asyncpg_says_what_to_install(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "asyncpg" else real(name, *a))
    with pytest.raises(UnusableSetting, match=r"needs the asyncpg package: pip install 'hearth\[postgres\]'"):
        await open_store("postgresql://db/hearth")


async def test_an_unreachable_server_is_one_line_without_the_password(tmp_path):
    url = f"postgresql://ann:s3cret@/hearth?host={tmp_path}/no-socket-here&port=5999"
    with pytest.raises(UnusableSetting, match="cannot use the PostgreSQL database") as caught:
        await open_store(url, timeout=5)
    assert "s3cret" not in str(caught.value) and "\n" not in str(caught.value)


async def test_an_unknown_database_on_a_real_server_is_refused(postgres_server):
    with pytest.raises(UnusableSetting, match="hearth_missing"):
        await open_store(postgres_server.url("hearth_missing"))


async def test_a_url_opens_a_migrated_postgresql_store(postgres_server):
    store = await open_store(await postgres_server.create_database())
    try:
        assert store.kind == "postgresql" and await store.schema_version() > 0
    finally:
        await store.close()


def test_redacted_hides_only_the_password():
    assert redacted("postgresql://ann:s3cret@db:5432/h") == "postgresql://ann:***@db:5432/h"
    assert redacted("postgresql://db/h") == "postgresql://db/h"
