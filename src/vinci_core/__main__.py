"""``python -m vinci_core``: see :mod:`vinci_core.cli`."""

from .cli import main

raise SystemExit(main())
