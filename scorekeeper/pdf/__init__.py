"""Score sheets on paper: the PDF of a game, and a blank sheet for every format."""

from scorekeeper.pdf.blank_sheet import blank_sheet
from scorekeeper.pdf.game_sheet import game_sheet
from scorekeeper.pdf.layout import PAPERS, PaperError

__all__ = ["PAPERS", "PaperError", "blank_sheet", "game_sheet"]
