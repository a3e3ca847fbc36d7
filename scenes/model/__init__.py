"""The table's model, without pygame: seats, the session and its computer players, the class session, keeping and resuming games, saving, the view data, the options, replays, the language."""
