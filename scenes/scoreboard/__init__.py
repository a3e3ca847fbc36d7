"""The scoreboard: its scene, its drawing, the seats' cells."""
