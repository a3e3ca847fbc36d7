"""What the tests share: the app driven headless, the class game's phones, the screen tour, the test bots."""
