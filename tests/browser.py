"""A headless browser for tests of the HTML the product writes (reports, stepping pages):
found on PATH, started with a fresh profile and no network chatter. Tests skip with
`needs_browser` only when no browser is installed, and never in CI."""
import os
import shutil
import subprocess
import tempfile

import pytest

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


def find_browser():
    """The first browser on PATH, or None."""
    return next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)


# CI (CI=true; .ci/run installs Debian's chromium) never skips them: there a missing browser fails
needs_browser = pytest.mark.skipif(find_browser() is None and os.environ.get("CI") != "true",
                                   reason="no headless browser on this machine")


def run_browser(*args, timeout=120):
    """Run the browser headless with `args` (e.g. --dump-dom URL) in a fresh profile."""
    if find_browser() is None:
        pytest.fail("no headless browser: install Debian's chromium (.ci/run does)")
    with tempfile.TemporaryDirectory(prefix="browser-profile-") as profile:
        return subprocess.run([find_browser(), *FLAGS, f"--user-data-dir={profile}", *args],
                              check=True, capture_output=True, text=True, timeout=timeout)
