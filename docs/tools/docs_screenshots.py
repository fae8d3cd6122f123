"""Copies a few browser-test screenshots into docs/screenshots/, one screen each, as small PNGs.

Run `.venv/bin/python -m pytest tests/browser/test_screens.py` first; it writes test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
SCREEN = 844  # the phone's height at 1x
PICKS = {  # docs name: (artifact, which screenful: "top" or "bottom")
    "sheet-light": ("sheet-light", "top"),
    "sheet-dark": ("sheet-dark", "top"),
    "record-hand-preview-light": ("record-hand-light", "bottom"),
    "record-hand-errors-dark": ("record-hand-errors-dark", "top"),
    "offline-light": ("offline-light", "top"),
}


def main() -> None:
    """Crops each pick to one screen and writes it palette-quantized."""
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for name, (artifact, where) in PICKS.items():
        image = Image.open(ROOT / "test-artifacts" / f"{artifact}.png").convert("RGB")
        top = 0 if where == "top" else max(0, image.height - SCREEN)
        image = image.crop((0, top, image.width, min(image.height, top + SCREEN)))
        image.quantize(128, method=Image.Quantize.MEDIANCUT).save(
            out / f"{name}.png", optimize=True
        )
        print(name, (out / f"{name}.png").stat().st_size, "bytes")


if __name__ == "__main__":
    main()
