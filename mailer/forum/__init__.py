"""The game's forum thread (issue 16, ``docs/FORUM.md``): read the topic's pages
(phpBB 3, Invision Community 4 / IPB 3.4, vBulletin 4, SMF 2, XenForo 2, uCoz, or a text
paste), store each post once by the forum's post id, and count per player and day the posts,
words, votes and the host's flags.

Modules: :mod:`.model` (what a reader returns), :mod:`.words` (the word count),
:mod:`.dates` (Russian forum times), :mod:`.readers` (the engines), :mod:`.db` (tables),
:mod:`.tally` (a day's count and its JSON), :mod:`.service` (``sync``/``import``),
:mod:`.cli` (the ``forum`` command group).
"""
