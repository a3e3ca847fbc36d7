"""The rules screen."""
