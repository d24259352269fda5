"""The HTML report in a real browser (issue 41, item 9): each report kind (a base run, two
paired runs, All Out War, The Wind Gambit, My Little Scythe) opened in headless Chromium
loads without a script error, every figure loads, a click on a column head sorts its
table, and a screenshot of each is kept (in $SCYTHE_SIM_SCREENSHOTS when set: CI keeps
that folder as an artefact).

Without a browser the test skips itself, except in CI (CI=true: .ci/run installs Debian's
chromium), where a missing browser is a failure (tests/browser.py)."""
import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from tests.browser import FLAGS, find_browser, needs_browser

pytestmark = pytest.mark.slow      # real runs, five reports, a browser

RUN = ["--games", "200", "--seed", "11", "--workers", "1", "--quiet"]
KINDS = {"base": [["--name", "base"]],
         "paired": [["--name", "base"], ["--name", "five", "--rule", "stars_to_end=5"]],
         "all_out_war": [["--name", "war", "--variant", "all_out_war"]],
         "wind_gambit": [["--name", "wg", "--variant", "wind_gambit", "--rule", "resolution=random"]],
         "my_little_scythe": [["--name", "mls", "--game", "my_little_scythe"]]}

# A page that opens the report in a frame and, once everything in it has loaded (images
# included), writes what it found as JSON into its own body: --dump-dom prints it.
HARNESS = """<!doctype html><html><body><iframe id='r' src='index.html' style='width:1300px;height:900px'></iframe>
<script>
document.getElementById('r').addEventListener('load', function () {
  var doc = this.contentDocument, out = {images: 0, broken: [], sorted: null, tables: 0};
  var imgs = doc.querySelectorAll('img');
  out.images = imgs.length;
  imgs.forEach(function (img) { if (!img.complete || img.naturalWidth === 0) out.broken.push(img.src); });
  var tables = doc.querySelectorAll('table.sortable');
  out.tables = tables.length;
  for (var t = tables.length - 1; t >= 0; t--) {      // the last: a head's column is its own, not the page's
    var rows = tables[t].tBodies[0].rows;
    if (rows.length < 3) continue;
    var cells = function () { return Array.prototype.map.call(tables[t].tBodies[0].rows,
                                                              function (r) { return r.cells[0].textContent; }); };
    var before = cells();
    tables[t].tHead.rows[0].cells[0].click();
    var once = cells();
    tables[t].tHead.rows[0].cells[0].click();
    out.sorted = {before: before, once: once, twice: cells()};
    break;
  }
  var pre = document.createElement('pre');
  pre.id = 'result';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script></body></html>"""


def _browser():
    found = find_browser()
    if found is None:              # only in CI: needs_browser skips the test elsewhere
        pytest.fail("no headless browser found (chromium): CI installs Debian's chromium package")
    return found


def _chromium(browser, profile, *args):
    return subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                           *args], capture_output=True, text=True, timeout=180)


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    root = tmp_path_factory.mktemp("browser")
    runner, out = CliRunner(), {}
    for kind, runs in KINDS.items():
        folders = []
        for args in runs:
            folder = root / "runs" / args[1]
            if not folder.exists():
                done = runner.invoke(main, ["run", *args, "--out", str(root / "runs"), *RUN])
                assert done.exit_code == 0, done.output
            folders.append(str(folder))
        done = runner.invoke(main, ["report", *folders, "--out", str(root / kind)])
        assert done.exit_code == 0, done.output
        out[kind] = root / kind
    return out


def _sorted_texts(values):
    def key(v):
        try:
            return (0, float(v.replace("%", "").replace(",", "").split()[0]), "")
        except (ValueError, IndexError):
            return (1, 0.0, v)
    return sorted(values, key=key)


@needs_browser
@pytest.mark.parametrize("kind", list(KINDS))
def test_each_report_kind_works_in_a_real_browser(reports, kind, tmp_path):
    browser = _browser()
    folder = reports[kind]
    (folder / "_check.html").write_text(HARNESS, encoding="utf-8")
    done = _chromium(browser, tmp_path / "profile", "--allow-file-access-from-files", "--dump-dom",
                     (folder / "_check.html").as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    errors = [line for line in done.stderr.splitlines() if "Uncaught" in line or "SyntaxError" in line]
    assert not errors, errors
    found = json.loads(done.stdout.split("<pre id=\"result\">")[1].split("</pre>")[0].replace("&quot;", '"'))
    assert found["images"] > 0 and not found["broken"], found
    assert found["tables"] > 0 and found["sorted"], found
    # a click sorts by the column, a second click the other way
    before, once, twice = found["sorted"]["before"], found["sorted"]["once"], found["sorted"]["twice"]
    assert sorted(once) == sorted(before) and once in (_sorted_texts(once), _sorted_texts(once)[::-1]), found
    assert twice == once[::-1] or len(set(once)) < len(once), found
    # the first screen, kept
    keep = Path(os.environ.get("SCYTHE_SIM_SCREENSHOTS") or tmp_path)
    keep.mkdir(parents=True, exist_ok=True)
    shot = keep / f"report-{kind}.png"
    done = _chromium(browser, tmp_path / "profile2", f"--screenshot={shot}", "--window-size=1300,2000",
                     (folder / "index.html").as_uri())
    assert done.returncode == 0 and shot.stat().st_size > 10_000, done.stderr[-2000:]


def test_the_first_screen_leads_with_short_answers_beside_the_main_figure(reports):
    import re

    for kind in ("base", "paired", "all_out_war"):
        page = (reports[kind] / "index.html").read_text()
        glance = page.split("<div class='glance'>")[1].split("</div>")[0]
        lines = re.findall(r"<li>(.*?)</li>", glance)
        assert 2 <= len(lines) <= 8, lines
        assert all(len(line.split()) <= 30 and "CI" not in line for line in lines), lines
        picture = re.search(r"<img src='([^']+)'", glance).group(1)
        assert ("heatmap" in picture) if kind != "paired" else picture.startswith("compare_")
        assert page.index("<div class='glance'>") < page.index("<h3>In detail</h3>") < page.index("<table")
        # the first screen says whose verdicts these are (issue 54): the fast players', unchecked
        assert any(line.startswith("Verdicts from the fast players, not checked against the reference (")
                   for line in lines), lines


# At 1,400 px: how wide the glance's figure is drawn against its own pixels, where the
# contents line's links land, and whether each picture links to itself at full size.
FIRST_SCREEN = """<!doctype html><html><body style='margin:0'>
<iframe id='r' src='index.html' style='width:1400px;height:1000px;border:0'></iframe>
<script>
document.getElementById('r').addEventListener('load', function () {
  var doc = this.contentDocument, lead = doc.querySelector('.glance img'), out = {};
  out.shown = lead.getBoundingClientRect().width;
  out.natural = lead.naturalWidth;
  out.lead = lead.getAttribute('src');
  out.glance = Array.prototype.map.call(doc.querySelectorAll('.glance li'), function (li) { return li.textContent; });
  var nav = doc.querySelector('nav.contents');
  out.nav_after_title = !!nav && nav.previousElementSibling.tagName === 'H1';
  out.missing = nav ? Array.prototype.filter.call(nav.querySelectorAll('a'), function (a) {
    return !doc.getElementById(a.getAttribute('href').slice(1)); }).map(function (a) { return a.textContent; }) : null;
  out.links = nav ? nav.querySelectorAll('a').length : 0;
  out.unlinked = Array.prototype.filter.call(doc.querySelectorAll('img'), function (img) {
    var a = img.closest('a'); return !a || a.getAttribute('href') !== img.getAttribute('src');
  }).map(function (img) { return img.getAttribute('src'); });
  var pre = document.createElement('pre');
  pre.id = 'result';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script></body></html>"""


@needs_browser
def test_the_first_screen_says_how_sure_and_leads_to_the_sections(reports, tmp_path):
    """Issue 58: at a 1,400 px window the base report's glance names its best and worst
    groups with their intervals, the heatmap beside them is drawn wide enough for its
    cells' text to read at 12 px or more, a contents line under the title links to every
    section, and each picture links to itself at full size."""
    import re

    from analysis import figures
    from analysis.report import DPI

    browser = _browser()
    folder = reports["base"]
    (folder / "_first.html").write_text(FIRST_SCREEN, encoding="utf-8")
    done = _chromium(browser, tmp_path / "profile", "--allow-file-access-from-files", "--window-size=1400,1000",
                     "--dump-dom", (folder / "_first.html").as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.split("<pre id=\"result\">")[1].split("</pre>")[0].replace("&quot;", '"'))
    assert "heatmap" in found["lead"], found
    cell_text_px = figures.HEATMAP_FONT / 72 * DPI * found["shown"] / found["natural"]
    assert cell_text_px >= 12, found
    interval = r"\d+\.\d% \(\d+\.\d-\d+\.\d%\)"
    factions = next(line for line in found["glance"] if ", factions:" in line)
    assert re.search(rf"best \w+ {interval}, worst \w+ {interval}", factions), factions
    assert found["nav_after_title"] and found["links"] >= 10 and found["missing"] == [], found
    assert found["unlinked"] == [], found

