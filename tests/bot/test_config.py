"""The settings: read once by bot.config, every bad value one line and exit code 2,
``.env.example`` listing exactly the settings there are, with their defaults."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import SETTINGS, BadSetting, Settings, load_settings
from bot.table import i18n

ROOT = Path(__file__).resolve().parents[2]


def _example() -> dict[str, str]:
    """The ``NAME=value`` lines of .env.example (comments and blank lines aside)."""
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    pairs = [line.split("=", 1) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    return {name.strip(): value.strip() for name, value in pairs}


def test_env_example_lists_exactly_the_settings_with_their_defaults():
    assert _example() == {s.env: s.default for s in SETTINGS}
    assert [s.field for s in SETTINGS] and {s.field for s in SETTINGS} == {f.name for f in dataclasses.fields(Settings)}


def test_the_defaults_of_env_example_are_what_an_empty_environment_gives():
    assert load_settings(_example()) == load_settings({})
    assert load_settings({}) == Settings(token=None, db="hearth.sqlite3", dev_guild=None, locale="en",
                                         log_level="INFO", images="hearth-images", shards=None, shard_ids=None)


def test_settings_are_read_and_normalised():
    got = load_settings({"DISCORD_TOKEN": " abc ", "HEARTH_DEV_GUILD": "123", "HEARTH_LOCALE": "fr",
                         "HEARTH_LOG_LEVEL": "debug", "HEARTH_SHARDS": "4", "HEARTH_SHARD_IDS": "3,1"})
    assert (got.token, got.dev_guild, got.locale, got.log_level, got.shards, got.shard_ids) == \
        ("abc", 123, "fr", "DEBUG", 4, (1, 3))
    assert "abc" not in repr(got)


@pytest.mark.parametrize("env, says", [
    ({"HEARTH_DEV_GUILD": "my-server"}, "HEARTH_DEV_GUILD must be a server id"),
    ({"HEARTH_LOCALE": "de"}, "HEARTH_LOCALE must be one of en, fr"),
    ({"HEARTH_LOG_LEVEL": "LOUD"}, "HEARTH_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR"),
])
def test_a_bad_value_is_one_line_and_exit_code_2(env, says, monkeypatch, tmp_path, capsys):
    with pytest.raises(BadSetting, match=says):
        load_settings(env)
    monkeypatch.chdir(tmp_path)                 # no .env of the developer's
    for s in SETTINGS:
        monkeypatch.delenv(s.env, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["local", "--db", str(tmp_path / "h.db")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("hearth: ") and says in err
    assert not (tmp_path / "h.db").exists(), "nothing started"


def test_every_bad_value_gets_its_own_line():
    with pytest.raises(BadSetting) as caught:
        load_settings({"HEARTH_DEV_GUILD": "x", "HEARTH_LOCALE": "xx", "HEARTH_SHARDS": "none"})
    assert len(caught.value.problems) == 3
    assert [p.split()[0] for p in caught.value.problems] == ["HEARTH_DEV_GUILD", "HEARTH_LOCALE", "HEARTH_SHARDS"]


def test_hearth_locale_is_the_language_of_replies_when_the_reader_has_none(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(i18n, "_default", [i18n.SOURCE_LANGUAGE])   # put back after the test
    monkeypatch.chdir(tmp_path)
    for s in SETTINGS:
        monkeypatch.delenv(s.env, raising=False)
    monkeypatch.setenv("HEARTH_LOCALE", "fr")
    script = tmp_path / "look.txt"
    script.write_text("@ann /game status\n", encoding="utf-8")
    assert main(["local", "--db", str(tmp_path / "h.db"), "--images", str(tmp_path / "i"),
                 "--script", str(script)]) == 0
    assert i18n.t("fr", "no_game") in capsys.readouterr().out
