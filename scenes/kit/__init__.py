"""The drawing kit every screen shares: theme (colours, fonts, text sizes), widgets, digit sprites, cards, shared words, layouts, the yes/no dialog."""
