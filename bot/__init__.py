"""The application, in rooms:

- ``bot.table``   the table service, free of Discord: every command, the async-play concerns
- ``bot.discord`` the Discord adapter: client, command tree, buttons, delivery, translator
- ``bot.local``   the terminal table (same service, same command words)
- ``bot.ops``     operator tools: ``hearth verify`` and ``hearth selfplay``
- ``bot.commands`` the command words both front ends share; ``bot.cli`` the ``hearth`` command;
  ``bot.config`` the settings.
"""
