"""The screens' model, without pygame: the view data, the options, replays, the language, the titles and
settings the screens show (the game being played is :mod:`live`, the class lesson :mod:`classroom`)."""
