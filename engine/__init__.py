"""The rules core of mafia-mail: parse letters against the role grammar, stamp them against the
deadline, resolve a turn. Pure: no e-mail, no database, no clock, no files, no randomness but
the seeded draw of :mod:`engine.draw`.
"""
