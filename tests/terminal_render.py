"""Draws what a terminal shows for printed text (ANSI colours, block characters) as a picture, and
reads the QR codes in it with zbarimg, as a phone's camera would read the screen."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image

BLACK, WHITE = (0, 0, 0), (255, 255, 255)
# (default foreground, default background) of each kind of terminal.
THEMES = {"light": (BLACK, WHITE), "dark": (WHITE, BLACK)}
SGR = re.compile(r"\x1b\[([0-9;]*)m")
CELL = 6  # pixels per character column; a cell is two modules tall with half blocks
BLOCKS = set("█▀▄")


def _palette(code: int) -> tuple[int, int, int]:
    """Returns an xterm colour as RGB: the 16 basic ones as dark or light, 256-colour greys too."""
    if code < 16:
        return WHITE if code in (7, 15) or code >= 9 else BLACK
    if code >= 232:
        level = 8 + (code - 232) * 10
        return (level, level, level)
    code -= 16
    steps = [0, 95, 135, 175, 215, 255]
    return (steps[code // 36], steps[(code // 6) % 6], steps[code % 6])


def _apply(params: str, state: dict) -> None:
    """Updates the current colours from one SGR sequence."""
    numbers = [int(p) for p in params.split(";") if p] or [0]
    i = 0
    while i < len(numbers):
        n = numbers[i]
        if n == 0:
            state.update(fg=None, bg=None, reverse=False)
        elif n == 7:
            state["reverse"] = True
        elif n == 27:
            state["reverse"] = False
        elif n in (38, 48) and i + 2 < len(numbers) and numbers[i + 1] == 5:
            state["fg" if n == 38 else "bg"] = _palette(numbers[i + 2])
            i += 2
        elif 30 <= n <= 37 or 90 <= n <= 97:
            state["fg"] = _palette(n - 30 if n < 90 else n - 90 + 8)
        elif 40 <= n <= 47 or 100 <= n <= 107:
            state["bg"] = _palette(n - 40 if n < 100 else n - 100 + 8)
        elif n == 39:
            state["fg"] = None
        elif n == 49:
            state["bg"] = None
        i += 1


def render(lines: list[str], theme: str) -> Image.Image:
    """Returns the picture a terminal of this theme shows for these lines."""
    default_fg, default_bg = THEMES[theme]
    width = max(len(SGR.sub("", line)) for line in lines)
    image = Image.new("RGB", ((width + 8) * CELL, (len(lines) + 4) * CELL * 2), default_bg)
    pixels = image.load()
    state: dict = {"fg": None, "bg": None, "reverse": False}
    for row, line in enumerate(lines):
        column, at = 0, 0
        for found in [*SGR.finditer(line), None]:
            text = line[at : found.start()] if found else line[at:]
            for char in text:
                fg, bg = state["fg"] or default_fg, state["bg"] or default_bg
                if state["reverse"]:
                    fg, bg = bg, fg
                top = fg if char in "█▀" else bg
                bottom = fg if char in "█▄" else bg
                x0, y0 = (column + 4) * CELL, (row + 2) * CELL * 2
                for dx in range(CELL):
                    for dy in range(CELL):
                        pixels[x0 + dx, y0 + dy] = top
                        pixels[x0 + dx, y0 + CELL + dy] = bottom
                column += 1
            if found is None:
                break
            _apply(found.group(1), state)
            at = found.end()
        state = {"fg": None, "bg": None, "reverse": False}  # each line of a QR starts afresh
    return image


def qr_blocks(printed: str) -> list[list[str]]:
    """Returns each run of lines in a printout that draws a QR code."""
    blocks: list[list[str]] = [[]]
    for line in printed.splitlines():
        if BLOCKS & set(SGR.sub("", line)) or "\x1b[7m" in line:
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


def zbarimg() -> str:
    """Returns the zbarimg command, or fails (in CI) or skips where zbar-tools is missing."""
    found = shutil.which("zbarimg")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("zbarimg is missing: .ci/run installs zbar-tools")
        pytest.skip("zbarimg is missing (apt-get install zbar-tools)")
    return found


def decode(image: Image.Image) -> list[str]:
    """Returns the texts of the QR codes zbar reads in a picture."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "screen.png"
        image.save(path)
        done = subprocess.run(
            [zbarimg(), "--raw", "-q", "-Sdisable", "-Sqrcode.enable", str(path)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    return [line for line in done.stdout.splitlines() if line]
