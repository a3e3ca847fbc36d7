"""The class game on the projector: the lobby students join, and the class table."""
