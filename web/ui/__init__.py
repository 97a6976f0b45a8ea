"""The page's views, one module per thing the player sees; each only copies values computed
by vinci_core into the DOM (see main.py for the controller that owns the game)."""
