"""The Discord adapter: Discord in, table replies out (see ``client.py``)."""
