"""C-7 in the new-game dialog: the Dutch edition preset and the options one by one end up in
the game's config, as its share link (decoded in CPython) shows."""

from __future__ import annotations

import pytest
from game_driver import start_game

import vinci_core as vc

pytestmark = pytest.mark.e2e


def _config_of_the_game(page) -> vc.GameConfig:
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-link").input_value()
    page.get_by_test_id("share-dialog").get_by_role("button", name="Close").click()
    return vc.decode_save(link.split("#g=", 1)[1]).config


def test_c7_dutch_edition_preset_turns_on_all_its_options(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "hotseat", ("A", "B", "C"), seed=8, edition="dutch")
    cfg = _config_of_the_game(page)
    assert (cfg.decline_contact, cfg.automatic_decline, cfg.cut_off_tokens) == (
        "forbid", True, "removed")
    assert cfg.rules_version == vc.GameConfig.model_fields["rules_version"].default
    site.assert_clean()


def test_c7_options_one_by_one(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Ann",), seed=9, automatic_decline="on")
    cfg = _config_of_the_game(page)
    assert (cfg.decline_contact, cfg.automatic_decline, cfg.cut_off_tokens) == (
        "clear", True, "rejoin")
    site.assert_clean()
