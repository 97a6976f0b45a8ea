"""``python -m renaissance_core``: a bots' game watched in the terminal, round by round."""

from __future__ import annotations

import pytest

from renaissance_core.__main__ import main


@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_a_bots_game_is_shown_round_by_round_to_its_scores(bots, capsys):
    main(["--players", "3", "--seed", "2", "--bots", bots])
    out = capsys.readouterr().out
    assert out.startswith("Round 1 ")
    assert "Round 2 " in out and "The end:" in out
    scores = out.split("Scores (advances + cash − misery):\n")[1].splitlines()
    assert [line.split(":")[0].strip() for line in scores] == ["Player 1", "Player 2", "Player 3"]
    assert sum(line.endswith(" wins") for line in scores) >= 1


def test_the_table_size_is_one_the_game_knows(capsys):
    with pytest.raises(SystemExit):
        main(["--players", "7"])
    assert "--players" in capsys.readouterr().err
