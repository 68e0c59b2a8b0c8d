# A fixture catalog for the libpytunes sample's artists: one new release (5 days old) and the owned
# album (old) per artist, plus one announced release, in deepcut-fixture-server's format.
import json, plistlib, datetime, sys
p = plistlib.load(open(sys.argv[1], 'rb'))
owned = {}
for t in p['Tracks'].values():
    a = t.get('Album Artist') or t.get('Artist')
    if a: owned.setdefault(a, t.get('Album') or 'Old')
today = datetime.date.today()
artists = []
for i, (name, album) in enumerate(sorted(owned.items())):
    rel = [{"id": f"7{i:02d}01", "title": f"Deep Cut Number {i}", "type": "album",
            "releaseDate": (today - datetime.timedelta(days=5)).isoformat()},
           {"id": f"7{i:02d}02", "title": album, "type": "album",
            "releaseDate": (today - datetime.timedelta(days=4000)).isoformat()}]
    if i == 0:
        rel.append({"id": "79999", "title": "Coming Soon", "type": "single",
                    "releaseDate": (today + datetime.timedelta(days=10)).isoformat()})
    artists.append({"id": str(700 + i), "name": name, "releases": rel})
json.dump({"artists": artists}, open(sys.argv[2], 'w'), indent=1)
print(len(artists), "artists")
