"""Renders the app icons' PNGs from their SVGs with Debian's Chromium; run once, commit the PNGs."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[2] / "static" / "icons"
SIZES = {
    "icon.svg": {"icon-192.png": 192, "icon-512.png": 512},
    "maskable.svg": {"maskable-512.png": 512, "maskable-192.png": 192},
}


def main() -> None:
    """Writes each PNG at its size, palette-quantized to stay small."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 512, "height": 512})
        for svg, outputs in SIZES.items():
            page.set_content('<body style="margin:0">' + (ICONS / svg).read_text() + "</body>")
            page.eval_on_selector(
                "svg", "s => { s.setAttribute('width', 512); s.setAttribute('height', 512); }"
            )
            shot = Image.open(io.BytesIO(page.screenshot(omit_background=True)))
            for name, size in outputs.items():
                image = shot.resize((size, size), Image.LANCZOS)
                image.quantize(64, method=Image.Quantize.FASTOCTREE).save(
                    ICONS / name, optimize=True
                )
                print(name, (ICONS / name).stat().st_size, "bytes")
        browser.close()


if __name__ == "__main__":
    main()
