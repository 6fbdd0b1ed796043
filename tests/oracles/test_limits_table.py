"""Every row of docs/limits.md's limit table has its tests, at the limit and one past it:
a new row without a test, a row renamed, or a test gone fails here."""

from __future__ import annotations

from tests import test_diff as diffs
from tests import test_hardening_blame as blame
from tests import test_hardening_patterns as patterns
from tests.load import test_long_names_in_messages as names
from tests.load import test_sheet_costs as sheets
from tests.load import test_yaml_counts as counts
from tests.oracles import test_limits_data as data
from tests.oracles import test_limits_render as render
from tests.oracles import test_limits_yaml as yaml
from tests.oracles.limits_doc import rows
from tests.render import test_svg_costs as svgs
from tests.serve import test_server_load as served

TESTS = {
    "a deck list (text or YAML)": [
        data.test_a_deck_list_of_the_limit_is_read_and_a_byte_more_refused
    ],
    "a YAML file (game.yaml, cards.yaml, layouts, boards)": [
        yaml.test_a_yaml_file_of_the_limit_is_read_and_a_byte_more_refused
    ],
    "any other text file (a CSV pool, a rules document)": [
        data.test_a_text_file_of_the_limit_is_read_and_a_byte_more_refused
    ],
    "files that are not regular files (`/dev/zero`, a pipe)": [
        data.test_files_that_are_not_regular_files_are_refused
    ],
    yaml.VALUES: [yaml.test_values_with_aliases_expanded_up_to_the_limit],
    yaml.FLOW: [yaml.test_flow_nesting_up_to_the_limit],
    yaml.DEPTH: [
        yaml.test_nesting_up_to_the_limit,
        yaml.test_nesting_through_aliases_up_to_the_limit,
    ],
    yaml.MERGED: [yaml.test_merged_keys_up_to_the_limit],
    yaml.EXTENDS: [yaml.test_a_layout_chain_up_to_the_limit],
    yaml.CACHE_ENTRY: [
        yaml.test_a_cache_entry_up_to_the_limit_is_used,
        yaml.test_a_cache_entry_holds_what_a_yaml_file_may_hold,
    ],
    yaml.NUMBER: [yaml.test_a_whole_number_up_to_the_limit_of_digits],
    data.NOT_FINITE: [
        data.test_nan_and_infinity_are_refused_in_yaml,
        data.test_nan_and_infinity_are_refused_in_csv,
    ],
    data.POOL_CARDS: [data.test_a_pool_of_the_limit_is_read_and_a_card_more_refused],
    data.POOL_COLUMNS: [data.test_a_pool_of_the_limit_of_columns_is_read_and_one_more_refused],
    data.WORKBOOK: [
        data.test_a_sheet_reaching_the_limits_is_read_and_one_past_refused,
        data.test_a_workbook_of_the_limits_of_size_is_read_and_one_byte_past_refused,
    ],
    data.SHOWN: [data.test_problems_of_a_pool_one_by_one_to_the_limit],
    data.COPIES: [data.test_card_values_up_to_their_limits],
    data.COUNT: [data.test_a_deck_count_up_to_the_limit],
    data.UNKNOWN: [data.test_unknown_names_one_by_one_to_the_limit],
    data.NAME: [data.test_card_values_up_to_their_limits],
    data.TEXT: [data.test_card_values_up_to_their_limits],
    data.HEXES: [
        data.test_hex_offsets_up_to_the_limit,
        data.test_a_hex_further_than_the_limit_on_the_diagonal_is_refused,
        render.test_a_hex_grid_of_the_most_rings_is_drawn_and_one_more_refused,
    ],
    render.ART: [render.test_art_of_the_limit_is_drawn_and_a_pixel_more_refused],
    render.FORMATS: [
        render.test_every_listed_format_and_mode_is_drawn,
        render.test_drawings_and_documents_are_refused_with_the_fix,
    ],
    render.CANVAS: [render.test_a_canvas_of_the_limit_loads_and_a_bigger_one_is_refused],
    render.DPI: [render.test_dpi_within_its_bounds],
    render.REACH: [render.test_element_reach_within_its_bounds],
    render.OUTLINE: [render.test_an_outline_within_its_bound],
    render.TYPOGRAPHY: [render.test_typography_within_its_bounds],
    render.COLOURS: [render.test_colours_are_checked_when_the_layout_loads],
    render.FILE_NAME: [render.test_card_file_names_up_to_the_limit],
    render.SHEETS: [render.test_tts_sheets_up_to_their_limits],
    render.BASE_URL: [render.test_base_urls_are_http_urls_with_a_host],
    "a duel's dice (`duel.dice`, for the deck report's odds)": [
        patterns.test_dice_bounds,
        patterns.test_the_largest_dice_allowed_are_exact_and_quick,
        patterns.test_dice_out_of_bounds_are_one_line_at_their_line,
    ],
    "a game's `glossary.keyword_patterns`": [
        patterns.test_a_pattern_up_to_re2s_limits_compiles_and_past_them_is_refused,
        patterns.test_a_pattern_that_backtracks_badly_runs_in_linear_time,
    ],
    (
        "counts and copies elsewhere in YAML: `copies` in cards.yaml, `box.total`, the `count`"
        " of `box.contents`, `box.deck_contents` and `setup.piles`"
    ): [
        counts.test_game_yaml_counts,
        counts.test_pool_copies,
        counts.test_text_and_yaml_share_the_limits,
    ],
    "a layout's font files (`fonts:`)": [
        blame.test_a_damaged_font_is_one_line_at_the_line_naming_it,
        blame.test_a_garbled_font_is_drawn_or_one_line_per_problem,
    ],
    "the grid a spreadsheet's sheet makes": [
        sheets.test_a_grid_of_the_limit_is_read_and_one_column_more_refused,
        sheets.test_a_far_cell_is_refused_however_it_is_written,
        sheets.test_a_row_repeated_across_columns_is_counted_expanded,
    ],
    "text in a spreadsheet's cells": [
        sheets.test_repeated_text_is_counted_in_every_cell_that_shows_it,
        sheets.test_a_shared_string_counts_in_every_cell_that_shows_it,
    ],
    "shared strings of an XLSX workbook": [
        sheets.test_shared_strings_are_bounded_counted_and_as_declared
    ],
    "a picture inside an SVG (`<image>` or `<feImage>`, by a `data:` URL or a file beside it)": [
        svgs.test_a_picture_within_the_limit_is_read,
        svgs.test_a_picture_past_the_limit_is_refused_however_it_is_put_in,
        svgs.test_an_svg_drawn_inside_an_svg_is_checked_as_an_svg,
    ],
    "an SVG's filters": [
        svgs.test_a_filter_number_past_its_bound_is_refused_at_its_line,
        svgs.test_a_filter_region_of_the_limit_is_read_and_past_it_refused,
    ],
    "elements nested in an SVG": [
        svgs.test_nesting_at_the_limit_is_read,
        svgs.test_nesting_past_the_limit_is_refused_before_any_recursion,
    ],
    (
        "a pool as it was at a git revision (`cardgen diff --since REV`, `pnp --changed-since REV`)"
    ): [
        diffs.test_a_file_at_a_revision_is_sized_before_it_is_read,
        diffs.test_a_pool_past_the_limit_in_history_is_refused_unread,
    ],
    "requests to `cardgen serve`": [
        served.test_five_hundred_requests_at_once_are_each_answered,
        served.test_more_connections_than_threads_are_answered_503_at_once,
        served.test_a_body_that_never_arrives_is_answered_408_and_its_thread_freed,
        served.test_a_body_of_uncertain_length_is_a_400,
        served.test_json_nested_200000_deep_is_a_400,
    ],
    (
        "a card name in a message (a pool's, or an unknown one a deck list names, up to the"
        " deck list's 1,000,000 bytes)"
    ): [names.test_a_long_name_is_shortened_in_every_line],
}
"""Each row of the table (its "what", as written) and the tests that hold it to its limit."""


def test_every_row_of_the_limit_table_has_its_tests() -> None:
    table = rows()
    assert sorted(set(table) - set(TESTS)) == [], "rows of docs/limits.md without a test"
    assert sorted(set(TESTS) - set(table)) == [], "tests of rows docs/limits.md no longer has"
    for what, tests in TESTS.items():
        assert tests, what
        assert all(test.__name__.startswith("test_") for test in tests), what
