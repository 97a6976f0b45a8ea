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


def test_c7_the_preset_sets_the_fields_and_a_field_changed_by_hand_makes_it_custom(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    page.locator("#new-game-dialog details.options summary").click()
    page.get_by_test_id("edition").select_option("dutch")
    shown = {key: page.get_by_test_id(key).input_value()
             for key in ("decline-contact", "automatic-decline", "cut-off-tokens")}
    assert shown == {"decline-contact": "forbid", "automatic-decline": "on",
                     "cut-off-tokens": "removed"}
    page.get_by_test_id("automatic-decline").select_option("off")
    assert page.get_by_test_id("edition").input_value() == "custom"
    page.locator("#new-game-dialog details.options summary").click()  # start_game opens it
    start_game(page, "solo", ("Ann",), seed=9)
    cfg = _config_of_the_game(page)
    assert (cfg.decline_contact, cfg.automatic_decline, cfg.cut_off_tokens) == (
        "forbid", False, "removed")
    site.assert_clean()
