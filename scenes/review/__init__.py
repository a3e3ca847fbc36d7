"""The post-game review: its model and layout, its scene, its drawing."""
