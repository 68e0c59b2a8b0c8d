"""Bench-only beets plugin: beets' User-Agent in the form MusicBrainz asks for.

beets sends `beets/2.14.1 https://beets.io/`; MusicBrainz's etiquette is
`name/version ( contact )`. The real service tolerates beets' form; the loopback fixture is
stricter and refuses any User-Agent without a parenthesised contact (so deepcut's tests prove
deepcut names one). This plugin only adds the parentheses; nothing else about beets changes.
"""

from beets.plugins import BeetsPlugin
from beetsplug._utils import requests as beets_requests


class BenchUserAgent(BeetsPlugin):
    def __init__(self) -> None:
        super().__init__()
        original = beets_requests.TimeoutAndRetrySession.__init__

        def with_parenthesised_contact(session, *args, **kwargs):
            original(session, *args, **kwargs)
            agent = session.headers["User-Agent"]
            product, _, contact = agent.partition(" ")
            session.headers["User-Agent"] = f"{product} ( {contact} )"

        beets_requests.TimeoutAndRetrySession.__init__ = with_parenthesised_contact
