#!/usr/bin/env python3
"""Checks the documentation a user reads: README.md and docs/*.md.

- every picture they show exists, is a PNG (by its signature and header) and has a sane size;
- every relative link resolves to a file or folder of the repository, and a link's #anchor to
  a heading of the Markdown file it points to;
- nothing refers to anything outside the repository: no path into ../shared or /work/shared,
  and every link to a metrics.md is to docs/metrics.md.

Usage: check_docs.py REPOSITORY-ROOT. Prints one line per problem and exits 1 when there is any;
a test that found nothing to check (no README, no docs/*.md, no picture) fails too.
"""

import re
import struct
import sys
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MIN_SIDE, MAX_SIDE = 320, 4096  # pixels
MIN_BYTES, MAX_BYTES = 2_000, 1_500_000  # a screenshot, not an empty image nor a raw dump

# [text](target) and ![alt](target), with an optional "title"; <img src="...">.
LINK = re.compile(r"(!?)\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
IMG_TAG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"", re.IGNORECASE)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
OUTSIDE = re.compile(r"(\.\./shared\b|/work/shared\b|\bshared/design\b|\bshared/seeds\b)")


def strip_code(text):
    """The text without fenced code blocks and inline code spans: links are not read there."""
    kept = []
    fenced = False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            kept.append("")
            continue
        kept.append("" if fenced else re.sub(r"`[^`]*`", "``", line))
    return "\n".join(kept)


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    found = set()
    counts = {}
    fenced = False
    for line in path.read_text(encoding="utf-8").split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match:
            base = slug(match.group(2))
            n = counts.get(base, 0)
            counts[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return found


def png_size(path):
    """(width, height) from the IHDR chunk, or None when the file is not a PNG."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or not head.startswith(PNG_SIGNATURE) or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def check_picture(doc, target, resolved, problems):
    if not resolved.is_file():
        problems.append(f"{doc}: picture {target} does not exist")
        return
    size = png_size(resolved)
    if size is None:
        problems.append(f"{doc}: picture {target} is not a PNG")
        return
    width, height = size
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        problems.append(f"{doc}: picture {target} is {width} x {height} pixels "
                        f"(expected {MIN_SIDE} to {MAX_SIDE} on each side)")
    length = resolved.stat().st_size
    if not MIN_BYTES <= length <= MAX_BYTES:
        problems.append(f"{doc}: picture {target} has {length} bytes "
                        f"(expected {MIN_BYTES} to {MAX_BYTES})")


def check_document(root, doc, problems):
    """Returns the number of pictures the document shows."""
    text = strip_code(doc.read_text(encoding="utf-8"))
    name = doc.relative_to(root)
    for match in OUTSIDE.finditer(doc.read_text(encoding="utf-8")):
        problems.append(f"{name}: refers to {match.group(1)}, outside the repository")
    targets = [(m.group(1) == "!", m.group(2)) for m in LINK.finditer(text)]
    targets += [(True, m.group(1)) for m in IMG_TAG.finditer(text)]
    pictures = 0
    for is_picture, target in targets:
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            if is_picture:
                problems.append(f"{name}: picture {target} is not in the repository")
            continue  # a web address: not checked here (no network in CI)
        path_part, _, fragment = target.partition("#")
        resolved = (doc.parent / path_part).resolve() if path_part else doc.resolve()
        try:
            resolved.relative_to(root)
        except ValueError:
            problems.append(f"{name}: {target} points outside the repository")
            continue
        if Path(path_part).name == "metrics.md" and resolved != root / "docs" / "metrics.md":
            problems.append(f"{name}: {target} is a metrics.md other than docs/metrics.md")
        if is_picture:
            pictures += 1
            check_picture(name, target, resolved, problems)
            continue
        if not resolved.exists():
            problems.append(f"{name}: link {target} does not resolve to a file")
            continue
        if fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
            problems.append(f"{name}: link {target}: {resolved.name} has no heading #{fragment}")
    return pictures


def main():
    if len(sys.argv) != 2:
        print("usage: check_docs.py REPOSITORY-ROOT", file=sys.stderr)
        return 2
    root = Path(sys.argv[1]).resolve()
    readme = root / "README.md"
    docs = sorted((root / "docs").glob("*.md"))
    problems = []
    if not readme.is_file():
        problems.append("README.md is missing")
    if not docs:
        problems.append("docs/ holds no Markdown document")
    pictures = {}
    for doc in ([readme] if readme.is_file() else []) + docs:
        pictures[doc.relative_to(root)] = check_document(root, doc, problems)
    if pictures.get(Path("README.md"), 0) < 2:
        problems.append("README.md shows fewer than two pictures")
    if (root / "docs" / "guide.md").is_file() and pictures.get(Path("docs/guide.md"), 0) < 6:
        problems.append("docs/guide.md shows fewer than six pictures (one per task)")
    for problem in problems:
        print(problem)
    checked = sum(pictures.values())
    print(f"check_docs: {len(pictures)} documents, {checked} pictures, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
