"""A folder of pictures, one per turn, and an index.html that steps through them: the arrow
keys, Home and End, buttons and a slider choose a turn; each turn's decisions are listed
beside its picture. Shared by every game (`play --pictures`, `replay --pictures`).

The page is plain HTML and a short script with no outside files; `#N` in its address
opens picture N (0 = the first)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple
from xml.sax.saxutils import escape

from scythe_sim.errors import ConfigError


class Frame(NamedTuple):
    title: str          # e.g. "turn 3 (round 1): nordic / industrial"
    svg: str            # the picture after the turn
    lines: tuple        # the turn's decisions, as text


def check_pictures_folder(folder, option="--pictures") -> Path:
    """The folder pictures go to must be new or empty (nothing is overwritten); a one-line
    ConfigError otherwise, before anything is played or written."""
    path = Path(folder)
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise ConfigError(f"{option} {str(folder)!r} already exists and is not an empty folder: "
                          "name a new or empty folder")
    return path


def turn_frames(snapshots, lines, render, title):
    """Frames from a playthrough's snapshots ((state, lines so far) as each turn began and
    at the end): the first shows the setup, each next one the board after a turn beside
    that turn's lines. render(state, title) -> SVG; title(k, lines of frame k) -> text."""
    frames = []
    for k, (state, end) in enumerate(snapshots):
        shown = tuple(lines[snapshots[k - 1][1] if k else 0:end])
        name = title(k, shown)
        frames.append(Frame(name, render(state, name), shown))
    return frames


def write_pages(folder, frames, heading: str) -> Path:
    """turn-NNNN.svg per frame and index.html into `folder` (created); returns the page."""
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    entries = []
    for i, frame in enumerate(frames):
        name = f"turn-{i:04d}.svg"
        (path / name).write_text(frame.svg, encoding="utf-8")
        entries.append({"file": name, "title": frame.title, "lines": list(frame.lines)})
    page = path / "index.html"
    data = json.dumps(entries).replace("</", "<\\/")
    page.write_text(PAGE.replace("@HEADING@", escape(heading)).replace("@FRAMES@", data), encoding="utf-8")
    return page


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>@HEADING@</title>
<script>
window.pageErrors = [];
window.addEventListener("error", function (e) {
  window.pageErrors.push(String(e.message));
  document.documentElement.setAttribute("data-errors", window.pageErrors.join(" | "));
});
</script>
<style>
body { font-family: DejaVu Sans, Verdana, sans-serif; margin: 12px; }
#bar { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; }
#slider { flex: 1; }
#main { display: flex; gap: 16px; align-items: flex-start; }
#picture { max-width: 72vw; height: auto; border: 1px solid #ccc; }
#lines { font-family: DejaVu Sans Mono, monospace; font-size: 12px; white-space: pre-wrap;
         max-height: 85vh; overflow-y: auto; min-width: 22vw; margin: 0; }
</style>
</head>
<body>
<h1 style="font-size: 18px; margin: 0 0 6px 0">@HEADING@</h1>
<div id="bar">
  <button id="first" title="first (Home)">first</button>
  <button id="prev" title="previous (left arrow)">&#x25C0;</button>
  <input id="slider" type="range" min="0" max="0" value="0" aria-label="turn">
  <button id="next" title="next (right arrow)">&#x25B6;</button>
  <button id="last" title="last (End)">last</button>
  <span id="where"></span>
</div>
<div id="main">
  <img id="picture" alt="the board after this turn">
  <div><h2 id="title" style="font-size: 14px; margin: 0 0 6px 0"></h2><pre id="lines"></pre></div>
</div>
<script>
var frames = @FRAMES@;
var current = 0;
function show(i) {
  current = Math.max(0, Math.min(frames.length - 1, i));
  var f = frames[current];
  document.getElementById("picture").src = f.file;
  document.getElementById("title").textContent = f.title;
  document.getElementById("lines").textContent = f.lines.join("\\n");
  document.getElementById("slider").value = String(current);
  document.getElementById("where").textContent = (current + 1) + " / " + frames.length;
  document.body.setAttribute("data-frame", String(current));
}
document.getElementById("slider").max = String(frames.length - 1);
document.getElementById("slider").addEventListener("input", function (e) { show(Number(e.target.value)); });
document.getElementById("first").addEventListener("click", function () { show(0); });
document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
document.getElementById("next").addEventListener("click", function () { show(current + 1); });
document.getElementById("last").addEventListener("click", function () { show(frames.length - 1); });
document.addEventListener("keydown", function (e) {
  var moves = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: frames.length - 1};
  if (e.key in moves && e.target.id !== "slider") { show(moves[e.key]); e.preventDefault(); }
});
var start = parseInt(window.location.hash.slice(1), 10);
show(isNaN(start) ? 0 : start);
document.body.setAttribute("data-ready", String(frames.length));
</script>
</body>
</html>
"""
