"""The stepping page of `play --pictures` / `replay --pictures`: a picture per turn, each
turn's decisions beside it, arrows, Home/End and a slider; opened in a headless browser
with no script error."""
import re

import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.picture import Scene
from scythe_sim.picture_page import Frame, check_pictures_folder, write_pages
from tests.browser import needs_browser, run_browser


def _frames(n):
    out = []
    for i in range(n):
        sc = Scene(200, 100, f"frame {i}")
        sc.text(100, 50, f"turn {i}")
        out.append(Frame(f"turn {i}", sc.to_svg(), (f"turn {i}", f"    move </script> {i}")))
    return out


def test_a_picture_per_frame_and_the_page_listing_them(tmp_path):
    page = write_pages(tmp_path / "pics", _frames(3), "a game & its turns")
    assert sorted(p.name for p in page.parent.iterdir()) == [
        "index.html", "turn-0000.svg", "turn-0001.svg", "turn-0002.svg"]
    html = page.read_text()
    assert "a game &amp; its turns" in html
    assert html.count("</script>") == 2               # a decision's text cannot close the script
    assert '"file": "turn-0002.svg"' in html


def test_the_pictures_go_to_a_new_or_empty_folder(tmp_path):
    assert check_pictures_folder(tmp_path / "new") == tmp_path / "new"
    check_pictures_folder(tmp_path)                      # empty: fine
    (tmp_path / "x.txt").write_text("x")
    with pytest.raises(ConfigError, match="not an empty folder: name a new or empty folder"):
        check_pictures_folder(tmp_path)
    with pytest.raises(ConfigError, match="--pictures"):
        check_pictures_folder(tmp_path / "x.txt")


def _dom(page, suffix=""):
    return run_browser("--dump-dom", f"file://{page}{suffix}").stdout


def _errors(dom):
    """The script errors the page recorded on its <html> element."""
    return re.search(r"<html[^>]*>", dom).group(0).partition("data-errors=")[2]


def _body(dom):
    return dict(re.findall(r'data-(\w+)="([^"]*)"', re.search(r"<body[^>]*>", dom).group(0)))


@needs_browser
def test_the_page_opens_in_a_browser_at_the_turn_its_address_names(tmp_path):
    page = write_pages(tmp_path, _frames(4), "four turns")
    dom = _dom(page, "#2")
    assert _errors(dom) == ""
    assert _body(dom) == {"frame": "2", "ready": "4"}
    assert 'src="turn-0002.svg"' in dom and "move &lt;/script&gt; 2" in dom
    assert _body(_dom(page, "#99"))["frame"] == "3"      # past the end: the last turn


@needs_browser
def test_a_script_error_would_be_seen(tmp_path):
    page = write_pages(tmp_path, _frames(2), "two turns")
    page.write_text(page.read_text().replace("show(isNaN(start)", "shw(isNaN(start)"))
    assert "shw" in _errors(_dom(page))


@needs_browser
def test_the_arrow_keys_home_and_end_step_through_the_turns(tmp_path):
    page = write_pages(tmp_path, _frames(5), "five turns")
    keys = ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "ArrowRight", "Home", "ArrowRight"]
    press = "".join(f'document.dispatchEvent(new KeyboardEvent("keydown", {{key: "{k}"}}));'
                    f'seen.push(document.body.getAttribute("data-frame"));' for k in keys)
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text().replace(
        "</body>", f'<script>var seen = [];{press}document.body.setAttribute("data-seen", seen.join(","));'
                   "</script></body>"))
    dom = _dom(probe)
    assert _errors(dom) == ""
    assert _body(dom)["seen"] == "1,2,1,4,4,0,1"
