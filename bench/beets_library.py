"""Writes a beets library.db with beets' own API (run with the beets venv's python).

usage: beets_library.py SPEC.json LIBRARY.db — SPEC is a list of
{"albumartist", "album", "mb_albumartistid", "mb_releasegroupid"} objects.
"""

import json
import sys

from beets.library import Album, Library

spec, path = json.load(open(sys.argv[1])), sys.argv[2]
library = Library(path)
with library.transaction():
    for fields in spec:
        Album(library, albumtype="album", **fields).add(library)
print(f"{len(spec)} albums in {path}")
