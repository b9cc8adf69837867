"""The I/O side of mafia-mail: mailbox fetch, decoding, storage, letters, sending, the CLI."""
