"""E-mail addresses in both forms of an internationalized domain (RFC 5890, RFC 6531).

A player at ``zoya@почта.рф`` may reach the host as ``zoya@xn--80a1acny.xn--p1ai`` (her
client or server wrote the ASCII form): both are one address. Letters go out with SMTPUTF8
where the server offers it (RFC 6531), else with the ASCII (punycode) domain, which every
server accepts; a local part that is not ASCII cannot be written without SMTPUTF8.
"""

from __future__ import annotations

import functools
from email.headerregistry import Address


class AddressError(ValueError):
    """An address that cannot be written in the form asked for (Russian message)."""


@functools.lru_cache(maxsize=4096)
def canonical(addr: str) -> str:
    """The form addresses are compared in: lower case, the domain in Unicode (an ASCII
    ``xn--`` label decoded). ``"Zoya@XN--80A1ACNY.XN--P1AI"`` → ``"zoya@почта.рф"``.
    A string that is not an address comes back lower-cased and stripped."""
    addr = addr.strip().lower()
    local, at, domain = addr.rpartition("@")
    if not at:
        return addr
    return f"{local}@{unicode_domain(domain)}"


def unicode_domain(domain: str) -> str:
    """``xn--80a1acny.xn--p1ai`` → ``почта.рф``; any other domain unchanged (lower case)."""
    domain = domain.strip().lower().rstrip(".")
    if "xn--" not in domain:
        return domain
    try:
        return domain.encode("ascii").decode("idna")
    except (UnicodeError, ValueError):
        return domain


def ascii_domain(domain: str) -> str:
    """``почта.рф`` → ``xn--80a1acny.xn--p1ai`` (IDNA); an ASCII domain unchanged.

    Raises:
        AddressError: the domain cannot be written in ASCII.
    """
    domain = domain.strip().rstrip(".")
    if domain.isascii():
        return domain
    try:
        return domain.encode("idna").decode("ascii")
    except (UnicodeError, ValueError):
        raise AddressError(f"домен «{domain}» не записать латиницей (IDNA)") from None


def ascii_address(addr: str) -> str:
    """``zoya@почта.рф`` → ``zoya@xn--80a1acny.xn--p1ai``.

    Raises:
        AddressError: the local part is not ASCII (only SMTPUTF8 can carry it) or the
            domain cannot be converted.
    """
    local, at, domain = addr.strip().rpartition("@")
    if not at:
        raise AddressError(f"«{addr}» — не адрес почты")
    if not local.isascii():
        raise AddressError(f"адрес {addr}: имя до «@» не латиницей, а сервер не принимает "
                           "таких адресов (нет SMTPUTF8)")
    return f"{local}@{ascii_domain(domain)}"


def header_address(name: str | None, addr: str, *, ascii_only: bool) -> Address:
    """An :class:`email.headerregistry.Address` for a From/To header: the display name as
    given (encoded by the policy), the address in ASCII form when ``ascii_only``.

    Raises:
        AddressError: as :func:`ascii_address`, or the address does not parse.
    """
    spec = ascii_address(addr) if ascii_only else addr.strip()
    local, at, domain = spec.rpartition("@")
    if not at or not local or not domain or any(c.isspace() or c in '<>(),;:"[]\\' for c in spec):
        raise AddressError(f"«{addr}» — не адрес почты")
    # username/domain, not addr_spec: the stdlib parser refuses a UTF-8 local part (RFC 6532)
    return Address(display_name=name or "", username=local, domain=domain)
