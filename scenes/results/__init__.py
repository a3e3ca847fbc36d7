"""The results screen."""
