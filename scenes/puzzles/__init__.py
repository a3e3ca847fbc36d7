"""The practice screen: puzzles from real decisions, alone or taking turns (model, layout, scene, view)."""
