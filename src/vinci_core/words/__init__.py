"""The game in words: the names of tiles, terrains, provinces and seas marked for translation
(``names``), tiles in sentences (``tilewords``), the rules reference (``reference``) and the
labels of the reference and the guided game.
"""
