"""The reference pages of docs/ say what is true now and stay short: none over 400 lines,
none carrying a date or an issue stamp. Dated measurements, comparisons and what was
tried belong to the journal (docs/journal/), and docs/cli.md is the commands' own help,
generated (tests/cli/test_reference.py)."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
MAX_LINES = 400
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
STAMP = re.compile(r"\b20\d\d-[01]\d(?:-[0-3]\d)?\b"                   # 2026-11-27, 2026-11
                   rf"|\b[0-3]?\d {_MONTH}\b|\b{_MONTH} [0-3]?\d\b"     # 27 November, November 27
                   rf"|\b{_MONTH},? 20\d\d\b"                           # November 2026
                   r"|\(issues? \d+\b|\bissues? \d+[,;)]")              # (issue 29), issue 16)


def _reference_pages():
    """Every Markdown page of docs/ but the journal and the generated command reference."""
    return sorted(p for p in DOCS.rglob("*.md")
                  if "journal" not in p.relative_to(DOCS).parts and p.relative_to(DOCS).as_posix() != "cli.md")


def _problems(name, text):
    """What keeps a page from being a reference page: too long, or a stamp in its text."""
    lines = text.splitlines()
    out = [f"{name}: {len(lines)} lines (at most {MAX_LINES})"] if len(lines) > MAX_LINES else []
    out += [f"{name}:{n}: {m.group(0)!r}" for n, line in enumerate(lines, 1) for m in STAMP.finditer(line)]
    return out


def test_reference_pages_are_short_and_carry_no_date():
    pages = _reference_pages()
    assert {"STRATEGIES.md", "PERFORMANCE.md", "ARCHITECTURE.md", "RULES.md"} <= {p.name for p in pages}
    problems = [x for p in pages for x in _problems(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8"))]
    assert problems == [], "move dated text to docs/journal/, split long pages by topic:\n" + "\n".join(problems)


def test_the_page_check_finds_a_long_page_and_each_kind_of_stamp():
    assert _problems("a.md", "x\n" * MAX_LINES) == []
    assert _problems("a.md", "x\n" * (MAX_LINES + 1)) == [f"a.md: {MAX_LINES + 1} lines (at most {MAX_LINES})"]
    for stamp in ("Measured (2026-11-24)", "since 2026-11", "on 27 November", "November 27, the",
                  "in November 2026", "(issue 29)", "issue 16)", "issues 4, 5"):
        assert _problems("a.md", f"text {stamp} text"), stamp
    for fine in ("seed 20261127", "2,026 games", "the issue's test", "May the best", "1-2 players",
                 "journal/strategies.md", "commit 29bb04a"):
        assert _problems("a.md", f"text {fine} text") == [], fine


def test_the_journal_and_the_command_reference_are_left_out():
    names = {p.relative_to(DOCS).as_posix() for p in _reference_pages()}
    assert "cli.md" not in names and not any(n.startswith("journal/") for n in names)
    assert (DOCS / "journal" / "README.md").is_file() and (DOCS / "cli.md").is_file()
