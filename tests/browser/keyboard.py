"""A keyboard for the browser tests: keys sent to whatever has focus, as a person types (no
element clicked), Shift or Control held where asked, the Tab presses counted, and what has
focus named."""

from __future__ import annotations

from typing import Any

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
except ImportError:  # pragma: no cover - the browser fixture skips without selenium
    pass


class Keyboard:
    """Keys sent to whatever has focus in `driver`'s page; `tabs` counts the Tab presses."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.tabs = 0

    def press(self, *keys: str, hold: str | None = None) -> None:
        """`keys` typed (with `hold`, Shift or Control, held down); each Tab counted."""
        self.tabs += sum(1 for key in keys if key == Keys.TAB)
        actions = ActionChains(self.driver)
        if hold:
            actions.key_down(hold)
        actions.send_keys(*keys)
        if hold:
            actions.key_up(hold)
        actions.perform()

    def focused(self) -> str:
        """What has focus: its id, or a card of the builder's pool as `pool:NAME`, or its tag
        and classes (`button.closeup-open`)."""
        return str(
            self.driver.execute_script(
                "var e = document.activeElement;"
                " if (e.id) { return e.id; }"
                " if (e.classList.contains('pool-card')) { return 'pool:' + e.dataset.name; }"
                " return e.className ? e.tagName.toLowerCase() + '.' + e.className"
                " : e.tagName.toLowerCase();"
            )
        )

    def tab_to(self, wanted: str, most: int) -> int:
        """Tab until `wanted` has focus (at most `most` presses); the presses it took."""
        for count in range(1, most + 1):
            self.press(Keys.TAB)
            if self.focused() == wanted:
                return count
        raise AssertionError(f"{wanted} not reached in {most} Tab presses: {self.focused()}")
