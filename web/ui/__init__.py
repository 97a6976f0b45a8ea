"""The page's parts, one module per thing the player sees or uses; each only copies values
computed by vinci_core into the DOM, or turns the player's use of it into a call of the
engine. main.py is the shell that boots the page, owns the game on screen (``main.App``,
handed to the modules that act on it as ``app``), dispatches the events and runs the render
loop.

* The board: ``board`` (the map, its tokens, zoom), ``targets`` (what a click or a tap on a
  province does, the cost line under the board), ``hint`` (the strong AI's suggestion).
* Around it: ``panels`` (status line, civilizations on display, player cards),
  ``chart`` (scores), ``log`` (the moves), ``notices`` (other players' moves as they come),
  ``errors`` (the error line), ``actions`` (the action buttons and the play of an action),
  ``editor`` (the +/- token editor), ``virtual`` (the computer's seats: pace, sliced
  search).
* Games: ``newgame`` (which game is on screen: new, rematch, continued, resumed),
  ``games`` (saves, the saved-games list, share link, export), ``links`` (a share link in
  the address, an imported file, the link for the next player), ``relay`` (their notes and
  the send box), ``replay`` (the replay bar), ``review`` (the end of a game), ``guide``
  (the guided first game).
* The rest of the page: ``dialogs``, ``about``, ``language`` (the menu), ``reference`` (the
  rules), and ``dom`` helpers.
"""
