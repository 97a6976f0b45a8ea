"""Boards: the map data a game is played on (:class:`~vinci_core.boards.maps.Board`), and the
map file format validated where a file comes in (``mapfile``).
"""
