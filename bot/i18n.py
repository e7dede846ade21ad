"""Reply texts in English and French. ``t(locale, key, **fields)`` picks the
caller's language (French for any ``fr*`` locale), English otherwise."""

from __future__ import annotations

import os

MESSAGES: dict[str, tuple[str, str]] = {
    "no_game": ("There is no game in this channel. Start one with `/game new`.",
                "Aucune partie dans ce salon. Lancez-en une avec `/game new`."),
    "unknown_game": ("Unknown game '{key}'. Games: {keys}.", "Jeu inconnu « {key} ». Jeux : {keys}."),
    "channel_busy": ("This channel already has a game ({key}, {status}). Finish or `/game cancel` it first, "
                     "or start a thread.",
                     "Ce salon a déjà une partie ({key}, {status}). Terminez-la ou `/game cancel`, "
                     "ou ouvrez un fil."),
    "created": ("{name} opened a table of **{game}** ({players} players){opts}. Join with `/game join`; "
                "{name} starts it with `/game start`.",
                "{name} a ouvert une table de **{game}** ({players} joueurs){opts}. Rejoignez avec "
                "`/game join` ; {name} la lance avec `/game start`."),
    "joined": ("{name} joined. Seated: {seated}.", "{name} a rejoint la table. Assis : {seated}."),
    "already_joined": ("You are already at this table.", "Vous êtes déjà à cette table."),
    "table_full": ("The table is full ({max} players).", "La table est complète ({max} joueurs)."),
    "not_in_lobby": ("The game has already started; seats can no longer change.",
                     "La partie a commencé : les places ne changent plus."),
    "left": ("{name} left the table. Seated: {seated}.", "{name} a quitté la table. Assis : {seated}."),
    "left_last": ("{name} left; the table is empty and closed.", "{name} est parti ; la table est vide et fermée."),
    "not_seated": ("You are not seated at this game.", "Vous n'êtes pas assis à cette partie."),
    "use_resign": ("The game is under way: use `/resign` to leave it.",
                   "La partie est en cours : utilisez `/resign` pour la quitter."),
    "only_creator_start": ("Only {creator} (who opened the table) or a moderator can start it.",
                           "Seul {creator} (qui a ouvert la table) ou un modérateur peut la lancer."),
    "only_creator_cancel": ("Only {creator} (who opened the table) or someone with Manage Channels can cancel it.",
                            "Seul {creator} ou quelqu'un avec « Gérer les salons » peut l'annuler."),
    "started": ("**{game}** begins! Seats: {seats}.", "**{game}** commence ! Places : {seats}."),
    "cancelled": ("The game was cancelled by {name}.", "La partie a été annulée par {name}."),
    "not_active": ("The game is not in play (it is {status}).", "La partie n'est pas en cours ({status})."),
    "lobby_wait": ("The game has not started yet. Seated: {seated}.",
                   "La partie n'a pas commencé. Assis : {seated}."),
    "spectator": ("You are not playing in this game; you can watch with `/board` and `/game status`.",
                  "Vous ne jouez pas cette partie ; suivez-la avec `/board` et `/game status`."),
    "not_your_turn": ("It is not your turn: waiting for {who}.", "Ce n'est pas votre tour : on attend {who}."),
    "your_turn": ("{who}, your turn.", "{who}, à vous de jouer."),
    "turn_of": ("Waiting for {who} (for {since}).", "On attend {who} (depuis {since})."),
    "game_over": ("**Game over.** {summary}", "**Partie terminée.** {summary}"),
    "continue": ("Done: {moves}. Your turn continues: {hint}", "Fait : {moves}. Votre tour continue : {hint}"),
    "moved_on": ("The game moved on while you typed: {error}", "La partie a avancé pendant votre saisie : {error}"),
    "too_long": ("That is too long ({length} characters; at most {limit}).",
                 "C'est trop long ({length} caractères ; au plus {limit})."),
    "nothing_to_undo": ("Nothing to take back: {why}", "Rien à reprendre : {why}"),
    "undo_other_acted": ("someone else has acted since your move.", "un autre joueur a joué depuis votre coup."),
    "undo_barrier": ("your last move revealed hidden information or drew at random.",
                     "votre dernier coup a révélé une information cachée ou tiré au hasard."),
    "undo_none": ("you have not moved yet.", "vous n'avez pas encore joué."),
    "undo_preview": ("This will take back your move(s): {moves}. Confirm with the button or `/undo confirm:yes`.",
                     "Cela reprendra votre ou vos coups : {moves}. Confirmez avec le bouton ou `/undo confirm:yes`."),
    "undo_done": ("{name} took back: {moves}.", "{name} a repris : {moves}."),
    "undo_stale": ("The game changed since that undo was offered; ask again with `/undo`.",
                   "La partie a changé depuis ; redemandez avec `/undo`."),
    "resigned": ("{name} resigned; the table plays their seat from now on.",
                 "{name} abandonne ; la table joue sa place désormais."),
    "resigned_end": ("{name} resigned. {summary}", "{name} abandonne. {summary}"),
    "resigned_solo": ("{name} resigned; the game is closed.", "{name} abandonne ; la partie est close."),
    "no_private": ("You hold no private information in this game.",
                   "Vous n'avez aucune information privée dans ce jeu."),
    "log_empty": ("No moves yet.", "Aucun coup pour l'instant."),
    "log_page": ("Log of {game}, page {page}/{pages}:", "Historique de {game}, page {page}/{pages} :"),
    "status_lobby": ("**{game}** — waiting to start. Seated: {seated}.",
                     "**{game}** — en attente. Assis : {seated}."),
    "status_finished": ("**{game}** — finished. {summary}", "**{game}** — terminée. {summary}"),
    "status_abandoned": ("**{game}** — abandoned.", "**{game}** — abandonnée."),
    "bad_option": ("{error}", "{error}"),
    "rate_limited": ("Easy there: try again in {seconds} s.", "Doucement : réessayez dans {seconds} s."),
    "unknown_command": ("Unknown command '{name}'. Try /game new, /move, /board, /hand, /log, /rules.",
                        "Commande inconnue « {name} ». Essayez /game new, /move, /board, /hand, /log, /rules."),
    "stale_button": ("That button belongs to an earlier position; the game has moved on. See `/board`.",
                     "Ce bouton date d'une position précédente ; la partie a avancé. Voir `/board`."),
    "busy": ("The table is busy with another move; please try again.",
             "La table traite un autre coup ; réessayez."),
}


def default_locale() -> str:
    return os.environ.get("HEARTH_LOCALE", "en")


def is_french(locale: str | None) -> bool:
    return (locale or default_locale()).lower().startswith("fr")


def t(locale: str | None, message: str, /, **fields) -> str:
    en, fr = MESSAGES[message]
    return (fr if is_french(locale) else en).format(**fields)


def duration(seconds: float, locale: str | None = None) -> str:
    """'3 d 4 h', '5 h 12 min', '40 min', 'moments' — short and language-neutral."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min"
    return "quelques instants" if is_french(locale) else "moments"


# the async-play texts live in their own module and register themselves here
from bot import messages_async as _async_texts  # noqa: E402,F401
