"""``/game settings``: reminders, deadline, deadline policy, vacation
allowance, hints and the language of the public posts of one game; only its
creator or someone with Manage Channels may change them. Without options it
shows them."""

from __future__ import annotations

from bot.table.context import TableContext
from bot.table.i18n import languages, t, tn
from bot.table.reminders import Reminders
from bot.table.values import Actor, Place, Refused, Reply
from storage.kinds import DeadlinePolicy

# the words `policy:` understands (English, French, synonyms), each naming one policy
POLICIES = {word: policy for policy, words in ((DeadlinePolicy.SKIP, ("skip", "pass", "passer")),
                                               (DeadlinePolicy.AUTO, ("auto", "move", "jouer")),
                                               (DeadlinePolicy.TABLE, ("table", "bot", "handover", "hand")))
            for word in words}
SWITCH = {"on": True, "yes": True, "oui": True, "true": True, "1": True, "off": False, "no": False, "non": False,
          "false": False, "0": False}
LIMITS = {"reminder": (0, 720), "deadline": (0, 2160), "vacation": (0, 60)}
SERVER_LANG = ("server", "serveur", "auto", "default", "défaut")   # lang: back to the server's language


def chosen_language(typed: str) -> str | None:
    """The ``lang`` setting typed (``fr``, ``en``, ``FR``…): a language the bot speaks, "" for the
    server's, None if it is neither."""
    word = typed.strip().lower().replace("-", "_")[:20]
    if word in SERVER_LANG:
        return ""
    base = word.partition("_")[0]
    return next((lang for lang in languages() if lang.lower() in (word, base)), None)


class GameSettings:
    def __init__(self, ctx: TableContext, reminders: Reminders) -> None:
        self.ctx = ctx
        self.tables = ctx.tables
        self.reminders = reminders

    def describe(self, settings, loc) -> dict:
        return dict(reminder=t(loc, "hours", n=f"{settings.reminder_hours:g}") if settings.reminder_hours
                    else t(loc, "off"),
                    deadline=t(loc, "hours", n=f"{settings.deadline_hours:g}") if settings.deadline_hours
                    else t(loc, "off"),
                    policy=f"{t(loc, 'policy_' + settings.policy)} (`{settings.policy}`)",   # the words, then the value typed
                    vacation=tn(loc, "vacation_allowance", settings.vacation_days),
                    hints=t(loc, "hints_auto") if settings.hints is None else t(loc, "on" if settings.hints else "off"),
                    lang=settings.lang or t(loc, "lang_server"),
                    autoplay=t(loc, "on" if settings.autoplay else "off"))

    async def settings(self, place: Place, actor: Actor, reminder=None, deadline=None, policy=None,
                       vacation=None, hints=None, lang=None, autoplay=None) -> Reply:
        loc = actor.locale
        row = await self.ctx.open_row(place, loc)
        game = self.ctx.game_of(row)
        current = await self.tables.settings(row.id)
        given = {k: v for k, v in (("reminder", reminder), ("deadline", deadline), ("policy", policy),
                                   ("vacation", vacation), ("hints", hints), ("lang", lang),
                                   ("autoplay", autoplay)) if v not in (None, "")}
        if not given:
            return Reply(t(loc, "settings_show", game=game.display_name(loc), **self.describe(current, loc)), ephemeral=True)
        if actor.user_id != row.creator_id and not actor.manage:
            raise Refused(t(loc, "settings_only"))
        values: dict = {}
        for key, column in (("reminder", "reminder_hours"), ("deadline", "deadline_hours"),
                            ("vacation", "vacation_days")):
            if key in given:
                low, high = LIMITS[key]
                try:
                    number = float(str(given[key]).strip().lower().rstrip("hdj").replace(",", "."))
                except ValueError:
                    number = float("nan")
                if not low <= number <= high:   # NaN fails too
                    raise Refused(t(loc, "settings_bad", what=key, low=low, high=high))
                values[column] = number
        if "policy" in given:
            policy_named = POLICIES.get(str(given["policy"]).strip().lower()[:20])
            if policy_named is None:
                raise Refused(t(loc, "settings_policy"))
            values["policy"] = policy_named
        if "hints" in given:
            switch = SWITCH.get(str(given["hints"]).strip().lower()[:10])
            if switch is None:
                raise Refused(t(loc, "settings_hints"))
            values["hints"] = switch
        if "autoplay" in given:
            switch = SWITCH.get(str(given["autoplay"]).strip().lower()[:10])
            if switch is None:
                raise Refused(t(loc, "settings_autoplay"))
            values["autoplay"] = switch
        if "lang" in given:
            chosen = chosen_language(str(given["lang"]))
            if chosen is None:
                raise Refused(t(loc, "settings_lang", choices=", ".join(languages())))
            values["lang"] = chosen or None
        await self.tables.save_settings(row.id, **values)
        if set(values) - {"hints", "lang", "autoplay"}:
            await self.reminders.restart_timer(row.id)   # the new times count from now
        saved = await self.tables.settings(row.id)
        loc = await self.ctx.public_locale(row, loc)   # a public post, in the language just chosen if it was
        return Reply(t(loc, "settings_saved", name=actor.name)
                     + t(loc, "settings_show", game=game.display_name(loc), **self.describe(saved, loc)), game_id=row.id)
