"""Which game is on screen: a new one from the new-game dialog, a rematch from the review, a
saved game continued, the last game resumed at start, or none (the welcome and the dialog).
Every game comes on screen through :meth:`GameFlow.show`, which also puts away what belonged
to the game before (its replay, hint, notices, dialogs). The configs are
vinci_core.table.newgame's; the saves are ui/games.py's."""

from __future__ import annotations

from typing import Any

from . import dialogs
from .dom import _, element, lang, query
from .errors import clear_error, show_error
from .links import open_shared_link
from .notices import clear_notices
from .replay import close_replay


class GameFlow:
    """``app``: the page (main.App), whose ``session`` is the game on screen."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def show(self, gid: str | None, session: Any, fresh: bool = True,
             guided: bool = False) -> None:
        """Show ``session``; a fresh game (new, shared, imported) is saved at once, a resumed
        one is only marked as the game to resume. Any game but the guided one ends the guide."""
        app = self.app
        app.games.flush()  # the game on screen so far (its last move may wait for a frame)
        close_replay(app, redraw=False)
        if not guided:
            app.guide.stop()
        if session.lang != lang():  # a new game, a branch: its texts in the page's language
            session.set_language(lang())
        app.session = session
        app.games.game_id = gid
        app.hints.forget()
        app.virtual.stop()  # an AI's move of the game on screen before is dropped
        app.actions.espionage = False
        app.editor.plan.forget()
        app.over_shown = session.state.is_terminal
        app.redraw_all()
        app.actions.pending_keep = None
        clear_notices()
        app.news.forget(len(session.entries))  # no flash for what happened before
        for dialog in ("over-dialog", "keep-dialog"):  # they belonged to the game on screen
            dialogs.close(dialog)
        app.log.reset()
        app.render()
        if fresh:
            app.games.save_now()
        elif gid is not None:
            app.games.store.set_last(gid)
        app.schedule_virtual()

    def show_none(self) -> None:
        """No game on screen (the guide left with no game to go back to): the new-game
        dialog."""
        app = self.app
        app.virtual.stop()
        app.session, app.games.game_id = None, None
        clear_notices()
        clear_error()
        app.render()
        dialogs.open_new_game()

    def render_none(self) -> None:
        """The page with no game on screen: no board, no panels (not a last visit's
        picture), no guide."""
        app = self.app
        query("[data-testid=undo]").disabled = True
        for id_ in ("board", "display", "players", "chart"):  # a last visit's picture
            element(id_).replaceChildren()
        app.board.key = None
        app.redraw_all()
        app.guide.render(None)

    def first_game(self) -> None:
        """At start: a share link's game, else the game played last in this browser, else
        the new-game dialog (not over a link that could not be opened: its error shows)."""
        app = self.app
        shared = open_shared_link(app)
        if app.session is None:
            self.resume_last()
        if app.session is None:
            app.render()
            if not shared:
                dialogs.open_new_game()

    def resume_last(self) -> None:
        """The game played last in this browser, if any."""
        games = self.app.games
        gid = games.store.last_id
        if gid is None:
            return
        try:
            self.show(gid, games.store.load(gid), fresh=False)
        except self.app.vc.SaveError as exc:
            from vinci_core.table.presenter import problem_text

            show_error(_("The last game could not be resumed: {problem}").format(
                problem=problem_text(exc, lang())))

    def new_game(self) -> None:
        """The new-game dialog's Start."""
        from vinci_core.table import newgame
        from vinci_core.table.session import Session

        try:
            form = dialogs.read_form()
            config = newgame.config_from_form(form, lang())
            session = Session.new(config, newgame.remote_seats(form))
        except (ValueError, KeyError) as exc:
            dialogs.form_error(str(exc).strip("'\""))
            return
        dialogs.form_error("")
        dialogs.close("new-game-dialog")
        self.show(self.app.games.store.new_id(), session)

    def continue_game(self, gid: str) -> None:
        """A saved game's Continue (the saved-games dialog), or the game before the guide."""
        games = self.app.games
        games.flush()  # it may be the game on screen: its last move first
        try:
            session = games.store.load(gid)
        except self.app.vc.SaveError as exc:
            from vinci_core.table.presenter import problem_text

            show_error(_("This saved game cannot be opened: {problem}").format(
                problem=problem_text(exc, lang())))
            return
        dialogs.close("saves-dialog")
        clear_error()
        self.show(gid, session, fresh=False)

    def rematch(self) -> None:
        """A new game with the same players and options (the review's button)."""
        import random

        from vinci_core.table import newgame
        from vinci_core.table.session import Session

        old = self.app.session
        if old is None:
            return
        config = newgame.rematch_config(old.state.config, random.getrandbits(62))
        dialogs.close("over-dialog")
        self.show(self.app.games.store.new_id(), Session.new(config, old.remote))
