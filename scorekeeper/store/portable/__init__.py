"""Games as portable JSON: the export written, and an import read, checked and saved."""
