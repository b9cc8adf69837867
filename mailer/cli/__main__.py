"""``python -m mailer.cli``: the same as the ``mafia-mail`` console script."""

from mailer.cli import main

main()
