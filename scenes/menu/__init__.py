"""The menu: modes, seats and levels, the rules and language buttons, the class game button, the list of unfinished games."""
