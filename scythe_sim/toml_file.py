"""Reading a user's TOML file (a run config, a strategy weights file, a learned model)
with the one-line errors the CLI prints."""
import tomllib
from pathlib import Path

from .errors import ConfigError


def read_toml(path, unreadable: str, invalid: str) -> dict:
    """The parsed file; ConfigError "<unreadable>: <reason>" when it cannot be read, and
    "<invalid>: <parser message>" when it is not TOML."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{unreadable}: {exc.strerror if isinstance(exc, OSError) else exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{invalid}: {exc}") from None
