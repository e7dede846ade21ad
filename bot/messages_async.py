"""English and French texts of async play (reminders, deadlines, settings,
seats, stats, replays). Added to :data:`bot.i18n.MESSAGES` on import so
that ``t(locale, key)`` finds them like every other reply."""

from __future__ import annotations

from bot.i18n import MESSAGES

ASYNC_MESSAGES: dict[str, tuple[str, str]] = {
    # notifications
    "notify_set": ("Turn notices for you: **{mode}**.", "Vos avis de tour : **{mode}**."),
    "notify_now": ("Your turn notices go: **{mode}**. Choose channel, dm, both or mute.",
                   "Vos avis de tour : **{mode}**. Choix : channel, dm, both ou mute."),
    "notify_bad": ("Choose one of: channel, dm, both, mute.", "Choisissez : channel, dm, both ou mute."),
    "dm_turn": ("Your turn in **{game}** ({where}).", "À vous de jouer dans **{game}** ({where})."),
    "dm_closed": ("{who}: your turn in this game. (You chose turn notices by DM, but your DMs are closed: "
                  "open them, or use `/notify channel`.)",
                  "{who} : à vous de jouer dans cette partie. (Vous avez choisi les avis par MP, mais vos MP sont "
                  "fermés : ouvrez-les, ou utilisez `/notify channel`.)"),
    "dm_reminder": ("Reminder: your turn in **{game}** ({where}) has waited {since}.",
                    "Rappel : votre tour dans **{game}** ({where}) attend depuis {since}."),
    # reminders and deadlines
    "reminder": ("⏰ Reminder: {who}, it is your turn in **{game}** (waiting for {since}).",
                 "⏰ Rappel : {who}, c'est votre tour dans **{game}** (en attente depuis {since})."),
    "reminder_deadline": ("⏰ Reminder: {who}, your turn in **{game}** has waited {since}; the deadline "
                          "runs out in {left}, then the table will {policy}.",
                          "⏰ Rappel : {who}, votre tour dans **{game}** attend depuis {since} ; le délai "
                          "expire dans {left}, puis la table va {policy}."),
    "policy_skip": ("skip the turn", "passer le tour"),
    "policy_auto": ("choose a move for the absent seat", "choisir un coup pour la place absente"),
    "policy_table": ("take the seat over", "reprendre la place"),
    "policy_answer": ("answer no for you", "répondre non pour vous"),
    "deadline_answer": ("⌛ {name} did not answer the proposal within {hours} h; the table answered for them "
                        "({moves}).",
                        "⌛ {name} n'a pas répondu à la proposition en {hours} h ; la table a répondu pour lui "
                        "({moves})."),
    "deadline_skip": ("⌛ Deadline: {name} did not move within {hours} h; the table passed for them ({moves}).",
                      "⌛ Délai expiré : {name} n'a pas joué en {hours} h ; la table a passé pour lui ({moves})."),
    "deadline_auto": ("⌛ Deadline: {name} did not move within {hours} h; the table played for them ({moves}).",
                      "⌛ Délai expiré : {name} n'a pas joué en {hours} h ; la table a joué pour lui ({moves})."),
    "deadline_no_pass": ("⌛ Deadline: {name} did not move within {hours} h; the rules allow no pass here, so the "
                         "table played for them ({moves}).",
                         "⌛ Délai expiré : {name} n'a pas joué en {hours} h ; les règles ne permettent pas de passer "
                         "ici, la table a donc joué pour lui ({moves})."),
    "deadline_table": ("⌛ Deadline: {name} did not move within {hours} h; the table plays their seat from now "
                       "on ({moves}).",
                       "⌛ Délai expiré : {name} n'a pas joué en {hours} h ; la table joue désormais sa place "
                       "({moves})."),
    "remind_sent": ("Nudge from {name}: {who}, **{game}** is waiting for you (for {since}).",
                    "Petit rappel de {name} : {who}, **{game}** vous attend (depuis {since})."),
    "remind_wait": ("You nudged this table recently; you may nudge again in {left}.",
                    "Vous avez déjà relancé cette table ; réessayez dans {left}."),
    "remind_self": ("It is your own turn — nobody else to nudge.", "C'est votre tour : personne d'autre à relancer."),
    "remind_nobody": ("Nobody is waited for right now.", "Personne n'est attendu pour l'instant."),
    # settings
    "settings_show": ("**{game}** settings: reminder every {reminder}; deadline {deadline}; policy: {policy}; "
                      "vacation allowance {vacation} days per player.",
                      "Réglages de **{game}** : rappel toutes les {reminder} ; délai {deadline} ; règle : {policy} ; "
                      "congés autorisés {vacation} jours par joueur."),
    "settings_saved": ("{name} changed the settings. ", "{name} a modifié les réglages. "),
    "settings_only": ("Only the creator of the table or someone with Manage Channels may change its settings.",
                      "Seul le créateur de la table ou quelqu'un avec « Gérer les salons » peut changer ses réglages."),
    "settings_bad": ("{what} must be between {low} and {high}.", "{what} doit être entre {low} et {high}."),
    "settings_policy": ("The deadline policy is skip, auto or table.", "La règle du délai est skip, auto ou table."),
    "settings_closed": ("This game is over; its settings no longer matter.",
                        "Cette partie est terminée ; ses réglages ne comptent plus."),
    "off": ("off", "désactivé"),
    "hours": ("{n} h", "{n} h"),
    # vacation
    "vacation_on": ("{name} is on vacation in **{game}** until {until} UTC; their clock is paused "
                    "({left} days of allowance left).",
                    "{name} est en congé dans **{game}** jusqu'au {until} UTC ; son horloge est en pause "
                    "(reste {left} jours de congés)."),
    "vacation_over": ("Your allowance here has {left} days left (asked {asked}).",
                      "Il vous reste {left} jours de congés ici (demandé : {asked})."),
    "vacation_end": ("{name} is back in **{game}**.", "{name} est de retour dans **{game}**."),
    "vacation_none": ("You are not on vacation in this game.", "Vous n'êtes pas en congé dans cette partie."),
    "vacation_bad": ("Give the days as a number, e.g. `/vacation 3`, or `/vacation end`.",
                     "Indiquez le nombre de jours, par ex. `/vacation 3`, ou `/vacation end`."),
    # glance
    "list_empty": ("No games under way on this server.", "Aucune partie en cours sur ce serveur."),
    "list_head": ("Games on this server:", "Parties sur ce serveur :"),
    "list_lobby": ("waiting to start ({seated})", "en attente ({seated})"),
    "list_turn": ("{who} to play, for {since}", "à {who} de jouer, depuis {since}"),
    "mine_empty": ("No game is waiting on you. 🎉", "Aucune partie ne vous attend. 🎉"),
    "mine_head": ("Games waiting on you:", "Parties qui vous attendent :"),
    "since_none": ("Nothing has happened since your last move.", "Rien ne s'est passé depuis votre dernier coup."),
    "since_head": ("Since your last move in {game}:", "Depuis votre dernier coup dans {game} :"),
    "status_pin": ("📌 **{game}** — {what}", "📌 **{game}** — {what}"),
    "pin_turn": ("{who} to play since {since}", "à {who} de jouer depuis {since}"),
    "thread_opened": ("The game has its own thread: {where}.", "La partie a son propre fil : {where}."),
    "thread_failed": ("I could not create a thread here (missing permission?); the table stays in this channel.",
                      "Impossible de créer un fil ici (permission ?) ; la table reste dans ce salon."),
    # replay / export
    "replay_none": ("There is nothing to replay yet.", "Rien à rejouer pour l'instant."),
    "replay_done": ("Replay of **{game}**: {frames} frames{note}.", "Rejeu de **{game}** : {frames} images{note}."),
    "replay_scaled": (", scaled to fit the upload limit", ", réduit pour tenir dans la limite d'envoi"),
    "replay_sampled": (" for {moves} moves", " pour {moves} coups"),
    "replay_dropped": (", some moves skipped to fit the upload limit",
                       ", certains coups sautés pour tenir dans la limite d'envoi"),
    "export_active": ("A game can be exported once it is over: the file holds the seed, which would reveal "
                      "hidden cards.",
                      "Une partie s'exporte une fois terminée : le fichier contient la graine, qui révélerait "
                      "les cartes cachées."),
    "export_done": ("The full log of **{game}** — load it with `hearth local --load {file}`.",
                    "L'historique complet de **{game}** — chargez-le avec `hearth local --load {file}`."),
    "import_bad": ("That file cannot be imported: {why}.", "Ce fichier ne peut pas être importé : {why}."),
    "import_busy": ("This channel has a game in progress; import into another channel or a thread.",
                    "Ce salon a une partie en cours ; importez dans un autre salon ou un fil."),
    "import_done": ("{name} imported a finished game of **{game}** ({moves} log entries, replayed exactly). "
                    "See `/board`, `/replay`, `/log`.",
                    "{name} a importé une partie terminée de **{game}** ({moves} entrées rejouées à l'identique). "
                    "Voir `/board`, `/replay`, `/log`."),
    # seats
    "handover_offer": ("{name} offers their seat in **{game}** to {to}. {to}, accept with the button or `/accept`.",
                       "{name} propose sa place dans **{game}** à {to}. {to}, acceptez avec le bouton ou `/accept`."),
    "handover_table": ("{name} left their seat in **{game}** to the table, which plays it from now on.",
                       "{name} laisse sa place dans **{game}** à la table, qui la joue désormais."),
    "handover_done": ("{to} takes over {name}'s seat in **{game}**.",
                      "{to} reprend la place de {name} dans **{game}**."),
    "handover_none": ("There is no seat offered to you here.", "Aucune place ne vous est proposée ici."),
    "handover_seated": ("{to} already plays in this game.", "{to} joue déjà dans cette partie."),
    "handover_self": ("Offer your seat to someone else, or to nobody to leave it to the table.",
                      "Proposez votre place à quelqu'un d'autre, ou à personne pour la laisser à la table."),
    "handover_bot": ("A bot cannot take a seat.", "Un bot ne peut pas prendre de place."),
    "accept_label": ("Take the seat", "Prendre la place"),
    # stats
    "stats_empty": ("No finished games on this server yet.", "Aucune partie terminée sur ce serveur."),
    "stats_head": ("**Leaderboard{scope}** (rating = OpenSkill, μ − 3σ)", "**Classement{scope}** (cote = OpenSkill, μ − 3σ)"),
    "stats_line": ("{pos}. {name} — rating {rating:.1f} · {games} games · {wins} wins · average rank {avg:.2f}",
                   "{pos}. {name} — cote {rating:.1f} · {games} parties · {wins} victoires · rang moyen {avg:.2f}"),
    "stats_player": ("**{name}**{scope}: {games} games, {wins} wins, average rank {avg:.2f}, rating {rating:.1f}.",
                     "**{name}**{scope} : {games} parties, {wins} victoires, rang moyen {avg:.2f}, cote {rating:.1f}."),
    "stats_nobody": ("{name} has no finished game here{scope}.", "{name} n'a aucune partie terminée ici{scope}."),
}

MESSAGES.update(ASYNC_MESSAGES)
