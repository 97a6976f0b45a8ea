"""Words without the game: the catalogues' lookup (gettext), the markers of translatable
texts, and a sentence cut into parts that name things. The bottom layer: it imports nothing of
the package.
"""
