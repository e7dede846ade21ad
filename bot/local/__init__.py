"""The terminal table: the bot without Discord, on the same table service."""
