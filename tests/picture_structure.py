"""A picture's structure, for golden tests: each SVG element's tag, class, data-* attributes,
text and position (rounded to whole pixels), never its bytes; shared by both games' tests."""
import json
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
PLACE = {"polygon": ("points",), "circle": ("cx", "cy", "r"), "rect": ("x", "y", "width", "height"),
         "line": ("x1", "y1", "x2", "y2"), "text": ("x", "y")}


def _rounded(value):
    return " ".join(",".join(str(round(float(v))) for v in pair.split(",")) for pair in value.split())


def structure(svg: str) -> list:
    """One compact line per element: 'tag class {data} @position text'."""
    root = ET.fromstring(svg)
    out = []
    for el in root:
        tag = el.tag.removeprefix(SVG)
        if tag not in PLACE:
            continue
        data = {k.removeprefix("data-"): v for k, v in sorted(el.attrib.items()) if k.startswith("data-")}
        where = " ".join(_rounded(el.attrib[k]) for k in PLACE[tag])
        text = f" {el.text}" if tag == "text" else ""
        out.append(f"{tag} {el.attrib.get('class', '')} {json.dumps(data, sort_keys=True)} @{where}{text}")
    return out


def differences(got: list, want: list, limit: int = 8) -> list:
    """The first lines that differ, for an assertion message."""
    import difflib
    return list(difflib.unified_diff(want, got, "golden", "now", n=0, lineterm=""))[:limit + 2]
