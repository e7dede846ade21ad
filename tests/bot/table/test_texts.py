"""The reply texts and their catalogues: every text renders in every language with sample values
(counts 0, 1, 2 …), every translation is present, complete and keeps the English placeholders,
no translation equals the English unless listed as the same in all languages, and the committed
template is what `pybabel extract` finds. Judged by catalogue lookup, never by guessing words."""

from __future__ import annotations

import ast
import io
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po, write_po

from bot.table import i18n
from bot.table.i18n import duration, fields_of, language, languages, ordinal, t, tn
from bot.table.texts import MESSAGES, SAME_IN_ALL_LANGUAGES, Message

ROOT = Path(__file__).resolve().parents[3]
TEXTS = ROOT / "bot" / "table" / "texts.py"
TEMPLATE = i18n.LOCALE_DIR / "hearth.pot"
KEYWORDS = parse_keywords(["msg:1c,2", "plural:1c,2,3"])   # as bot/locale/README.md runs pybabel
COUNTS = (0, 1, 2, 3, 5, 11, 21, 100, 1.5)
TRANSLATED = [lang for lang in languages() if lang != i18n.SOURCE_LANGUAGE]


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def po_of(lang: str) -> Path:
    return i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def samples(text: str) -> dict:
    """A value for each field: a number where the text formats one (`{avg:.2f}`), else a marker."""
    out = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name:
            out[name] = 1.5 if spec else f"‹{name}›"
    return out


def render(locale: str, message: Message, n=None) -> str:
    fields = samples(message.one) | samples(message.other or "")
    if not message.is_plural:
        return t(locale, message.key, **fields)
    fields.pop("n", None)   # tn writes the count
    return tn(locale, message.key, n, **fields)


def problems(source: dict[str, Message], catalog: Catalog) -> list[str]:
    """What is wrong with one language's catalogue against the English source."""
    found = []
    entries = {m.context: m for m in catalog if m.id}
    for key, message in source.items():
        entry = entries.get(key)
        wanted = (message.one, message.other) if message.is_plural else message.one
        if entry is None:
            found.append(f"{key}: missing")
            continue
        if entry.id != wanted:
            found.append(f"{key}: msgid differs from the source (run pybabel update)")
            continue
        forms = list(entry.string) if message.is_plural else [entry.string]
        if not all(forms) or entry.fuzzy:
            found.append(f"{key}: untranslated" + (" (fuzzy)" if entry.fuzzy else ""))
            continue
        english = fields_of(message.one) | fields_of(message.other or "")
        for form in forms:
            if fields_of(form) - english:
                found.append(f"{key}: unknown field(s) {sorted(fields_of(form) - english)} in {form!r}")
        kept = set().union(*(fields_of(f) for f in forms))
        # a singular may write its count as a word ('votre coup'), so {n} may miss from one form
        if english - {"n"} - kept or ("n" in english and "n" not in fields_of(forms[-1])):
            found.append(f"{key}: drops field(s) {sorted(english - kept) or ['n']}")
    for key in entries.keys() - source.keys():
        found.append(f"{key}: in the catalogue but not in the source")
    return found


# ---------------------------------------------------------------- the catalogues


def test_french_is_a_catalogue_and_english_the_source():
    assert languages()[0] == "en" and "fr" in TRANSLATED
    assert not po_of("en").exists(), "English is the source: its texts are the msgids"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_has_a_complete_translation(lang):
    assert problems(MESSAGES, read(po_of(lang), lang)) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_passes_babels_checks_and_states_its_plural_rule(lang):
    catalog = read(po_of(lang), lang)
    assert [(m.context, errors) for m, errors in catalog.check()] == []
    assert catalog.num_plurals == 2 and catalog.plural_expr == "(n > 1)"   # French: 0 and 1 singular


def test_the_checks_catch_a_broken_catalogue():
    """The checks above can fail: a catalogue with each kind of fault is caught."""
    source = {"a": Message("a", "Hello {name}."), "b": Message("b", "{n} game", "{n} games"),
              "c": Message("c", "Bye."), "d": Message("d", "Move {x}."), "e": Message("e", "Old.")}
    broken = Catalog(locale="fr")
    broken.add("Hello {name}.", "Bonjour {nom}.", context="a")              # a placeholder renamed
    broken.add(("{n} game", "{n} games"), ("{n} partie", ""), context="b")  # a plural form missing
    broken.add("Move {x}.", "Déplacement.", context="d")                    # a field dropped
    broken.add("Gone.", "Parti.", context="z")                              # not in the source
    broken.add("Old text.", "Vieux.", context="e")                          # the English changed
    found = problems(source, broken)
    assert any(p.startswith("a: unknown field(s) ['nom']") for p in found)
    assert "b: untranslated" in found and "c: missing" in found
    assert any(p.startswith("d: drops field(s) ['x']") for p in found)
    assert "z: in the catalogue but not in the source" in found
    assert "e: msgid differs from the source (run pybabel update)" in found


@pytest.mark.parametrize("locale", ["en", "en-GB", "fr"])
def test_every_text_renders_with_sample_values(locale):
    for message in MESSAGES.values():
        for n in COUNTS if message.is_plural else (None,):
            text = render(locale, message, n)
            assert text.strip(), message.key
            assert "{" not in text and "}" not in text, f"{message.key}: a field left unfilled: {text!r}"
            assert "‹" not in text or any(f"‹{f}›" in text for f in samples(message.one)), message.key


def same_as_english(lang: str) -> set[str]:
    return {message.key for message in MESSAGES.values() for n in (COUNTS if message.is_plural else (None,))
            if render(lang, message, n) == render("en", message, n)}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_is_the_english_unless_listed(lang):
    assert sorted(same_as_english(lang) - SAME_IN_ALL_LANGUAGES) == []


def test_the_list_of_texts_the_same_in_all_languages_is_no_longer_than_needed():
    assert SAME_IN_ALL_LANGUAGES <= set(MESSAGES)
    unneeded = SAME_IN_ALL_LANGUAGES - set().union(*(same_as_english(lang) for lang in TRANSLATED))
    assert sorted(unneeded) == [], "translated in every language: take it off the list"


def test_a_fuzzy_or_empty_translation_falls_back_to_english(tmp_path, monkeypatch):
    catalog = read(po_of("fr"), "fr")
    catalog.get("No moves yet.", context="log_empty").flags.add("fuzzy")
    catalog.get("You are already at this table.", context="already_joined").string = ""
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "fr" / "LC_MESSAGES" / "hearth.po").open("wb") as out:
        write_po(out, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalogue.cache_clear()
    i18n.languages.cache_clear()
    try:
        assert t("fr", "log_empty") == "No moves yet."
        assert t("fr", "already_joined") == "You are already at this table."
        assert t("fr", "no_game").startswith("Aucune partie")
    finally:
        i18n.catalogue.cache_clear()
        i18n.languages.cache_clear()


# ---------------------------------------------------------------- the template and the source


def extracted() -> dict[str, tuple]:
    found = extract_from_file("python", TEXTS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",))
    return {context: message for _, message, _, context in found}


def test_pybabel_extract_finds_every_text_of_the_source():
    assert extracted() == {k: (m.one, m.other) if m.is_plural else m.one for k, m in MESSAGES.items()}


def test_the_committed_template_matches_the_source():
    template = {m.context: m.id for m in read(TEMPLATE) if m.id}
    assert template == extracted(), "run the pybabel extract of bot/locale/README.md"
    assert all(not m.string or m.string == ("", "") for m in read(TEMPLATE) if m.id)


def test_the_catalogue_round_trips_through_babel_unchanged():
    """The .po is in Babel's own layout, so `pybabel update` leaves untouched entries alone."""
    # the header lines that name a date or Babel's own version change with every run or release
    stamped = (b'"POT-Creation-Date', b'"Generated-By')
    raw = po_of("fr").read_bytes()
    out = io.BytesIO()
    write_po(out, read(po_of("fr"), "fr"), width=100)

    def kept(text: bytes) -> list[bytes]:
        return [ln for ln in text.splitlines() if not ln.startswith(stamped)]

    assert kept(out.getvalue()) == kept(raw)


# ---------------------------------------------------------------- the calls in bot/


def calls_in_bot():
    for path in sorted((ROOT / "bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("t", "tn") \
                    and len(node.args) >= 2:
                yield path.relative_to(ROOT), node


def test_every_call_names_a_text_of_its_kind_and_fills_its_fields():
    seen, wrong = 0, []
    for path, call in calls_in_bot():
        key = call.args[1]
        where = f"{path}:{call.lineno}"
        if not isinstance(key, ast.Constant):
            prefix = key.left.value if isinstance(key, ast.BinOp) and isinstance(key.left, ast.Constant) else None
            if prefix is not None and not any(k.startswith(prefix) for k in MESSAGES):
                wrong.append(f"{where}: no text starts with {prefix!r}")
            continue
        seen += 1
        message = MESSAGES.get(key.value)
        if message is None:
            wrong.append(f"{where}: no text {key.value!r}")
            continue
        if message.is_plural != (call.func.id == "tn"):
            wrong.append(f"{where}: {key.value!r} needs {'tn' if message.is_plural else 't'}")
        if any(k.arg is None for k in call.keywords):
            continue   # fields passed as **mapping: checked by rendering, not here
        given = {k.arg for k in call.keywords} | ({"n"} if call.func.id == "tn" else set())
        needed = fields_of(message.one) | fields_of(message.other or "")
        if needed - given:
            wrong.append(f"{where}: {key.value!r} misses {sorted(needed - given)}")
    assert wrong == [] and seen > 100


# ---------------------------------------------------------------- plurals, ordinals, durations, languages


@pytest.mark.parametrize(("locale", "n", "text"), [
    ("en", 0, "0 games"), ("en", 1, "1 game"), ("en", 2, "2 games"),
    ("fr", 0, "0 partie"), ("fr", 1, "1 partie"), ("fr", 2, "2 parties"),
])
def test_counts_take_the_plural_form_of_their_language(locale, n, text):
    assert tn(locale, "stats_games", n) == text


def test_a_decimal_count_follows_the_language_rule_and_writes_its_decimal_mark():
    assert tn("en", "vacation_over", 1.5, asked="2").startswith("Your allowance here has 1.5 days left")
    assert tn("en", "vacation_over", 0.5, asked="2").startswith("Your allowance here has 0.5 days left")
    assert tn("fr", "vacation_over", 1.5, asked="2").startswith("Il vous reste 1,5 jour de congés")
    assert tn("fr", "vacation_over", 2.5, asked="2").startswith("Il vous reste 2,5 jours de congés")


def test_a_count_that_reads_as_a_word_in_the_singular():
    assert tn("en", "undo_preview", 1, moves="`a`").startswith("This will take back your move: `a`.")
    assert tn("en", "undo_preview", 3, moves="`a`").startswith("This will take back your 3 moves: `a`.")
    assert tn("fr", "undo_preview", 1, moves="`a`").startswith("Cela reprendra votre coup : `a`.")


def test_ordinals():
    assert [ordinal("en", n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"]
    assert [ordinal("fr", n) for n in (1, 2, 3, 11, 21)] == ["1er", "2e", "3e", "11e", "21e"]


def test_durations_read_in_the_language():
    assert [duration(s, "en") for s in (5, 600, 3 * 3600 + 300, 86400 + 7200)] == [
        "a few moments", "10 min", "3 h 5 min", "1 d 2 h"]
    assert [duration(s, "fr") for s in (5, 86400 + 7200)] == ["quelques instants", "1 j 2 h"]


@pytest.mark.parametrize(("locale", "lang"), [
    ("fr", "fr"), ("fr-CA", "fr"), ("FR", "fr"), ("en-US", "en"), ("pt-BR", "en"), ("", "en"), (None, "en"),
])
def test_a_discord_locale_picks_its_catalogue(locale, lang, monkeypatch):
    monkeypatch.delenv("HEARTH_LOCALE", raising=False)
    assert language(locale) == lang


def test_the_wrong_call_for_a_text_is_refused():
    with pytest.raises(TypeError):
        t("en", "stats_games")
    with pytest.raises(TypeError):
        tn("en", "no_game", 2)
