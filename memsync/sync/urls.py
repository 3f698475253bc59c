"""Remote URLs: which form may be stored or shown, and which parts are credentials.

A URL can carry a credential in its user-info (``https://user:token@host``, but
also ``ssh://user:password@host``, ``git://``, ``file://``, or git's scp-like
``user:password@host:path``) or in its query string (``?access_token=...``).
``strip`` takes every one of them off: the clean URL is the only form memsync
writes to ``.git/config``, prints or keeps in its status; an http(s) user and
password are handed to the transport for the one sync they were given to; the
rest is dropped (no other transport can use a password, and git remotes do not
use a query string). ``redact`` is ``strip`` for display, ``shown_url`` that with any token left in it masked.

Pure string work: no dulwich, no network.
"""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

from memsync.errors import MemsyncError

SSH_SCHEMES = frozenset({"ssh", "git+ssh", "ssh+git"})
HTTP_SCHEMES = frozenset({"http", "https"})
SCHEMES = SSH_SCHEMES | HTTP_SCHEMES | {"git", "file"}
UNPARSEABLE = "<unparseable URL>"


def shown_scheme(scheme: str) -> str:
    return scheme if scheme.isascii() and scheme.isprintable() and len(scheme) <= 20 else "?"


@dataclass(frozen=True)
class Stripped:
    """A URL split into what may be kept and the credentials it carried."""

    url: str  # no password, no query string, no fragment; an ssh login name stays
    user: str | None = None  # http(s) only: for basic auth
    password: str | None = None  # http(s) only: for basic auth, this sync only
    secrets: tuple[str, ...] = ()  # every credential string that was in the URL (to scrub from messages)
    had_password: bool = False
    had_query: bool = False

    @property
    def dropped(self) -> bool:
        return self.had_password or self.had_query


def is_local(url: str) -> bool:
    return url.startswith("file://") or "://" not in url and not scp_like(url)


def scp_like(url: str) -> bool:
    """``host:path`` or ``user@host:path`` (git's scp-like ssh syntax), not ``C:\\path``."""
    head, sep, _ = url.partition(":")
    return bool(sep) and "/" not in head and len(head) > 1


def local_path(url: str) -> str:
    """The folder a local URL names (a ``file://`` URL's user-info ignored)."""
    if not url.startswith("file://"):
        return url
    rest = url[len("file://"):]
    host, slash, path = rest.partition("/")
    host = host.rpartition("@")[2]
    return slash + path if host in ("", "localhost") else host + slash + path


def _control(text: str) -> bool:
    return any(ord(c) < 0x20 or ord(c) == 0x7F for c in text)


def strip(url: str) -> Stripped:
    """``url`` without its credentials; MemsyncError if it is not a URL memsync can use."""
    if not url or _control(url):
        raise MemsyncError("the remote URL is empty or holds control characters")
    helper, sep, _ = url.partition("::")
    if sep and helper and "/" not in helper and ":" not in helper:
        # git reads TRANSPORT::ADDRESS as a remote helper (ext:: runs a command); dulwich would
        # take it for an ssh host named TRANSPORT: neither is a remote sync may store.
        raise MemsyncError(f"the remote URL uses git's remote-helper form {shown_scheme(helper)!r}::ADDRESS, "
                           "which sync does not speak (a path, file://, git://, ssh://, http:// or https://)")
    if "://" not in url:
        return _strip_scp(url) if scp_like(url) else Stripped(url)
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises for a port that is not a number in 0-65535
        host = parts.hostname
    except ValueError as exc:
        raise MemsyncError(f"the remote URL is not valid ({exc})") from None
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        raise MemsyncError(f"the remote URL's scheme {shown_scheme(scheme)!r} is not one sync speaks "
                           "(a path, file://, git://, ssh://, http:// or https://)")
    if scheme != "file" and not host:
        raise MemsyncError("the remote URL names no host")
    if host is not None and host.startswith("-"):
        raise MemsyncError("the remote URL's host starts with '-'")
    userinfo, at, hostport = parts.netloc.rpartition("@")
    if not at:
        hostport = parts.netloc
    user = unquote(parts.username) if at and parts.username else None
    password = unquote(parts.password) if at and parts.password is not None else None
    secrets = [s for s in (password, parts.password, parts.query, parts.fragment) if s]
    secrets += [v for _, v in parse_qsl(parts.query, keep_blank_values=False)]
    if scheme in SSH_SCHEMES and user:
        netloc = f"{parts.username}@{hostport}"  # a login name, as git keeps it
    else:
        netloc = hostport
        if user and scheme not in HTTP_SCHEMES:
            secrets.append(user)  # git:// and file:// take no user: whatever it is, it goes
        elif user and password is None:
            secrets.append(user)  # https://TOKEN@host: the user is the credential
    clean = urlunsplit((parts.scheme, netloc, parts.path, "", ""))
    http = scheme in HTTP_SCHEMES
    return Stripped(
        clean,
        user=user if http else None,
        password=password if http else None,
        secrets=tuple(dict.fromkeys(secrets)),
        had_password=password is not None or (bool(user) and scheme not in SSH_SCHEMES),
        had_query=bool(parts.query or parts.fragment),
    )


def _strip_scp(url: str) -> Stripped:
    """``user:password@host:path`` (git would read ``user`` as the host; a person meant a password)."""
    at = url.find("@")
    if at > 0 and "/" not in url[:at] and ":" in url[:at] and ":" in url[at + 1:]:
        user, _, password = url[:at].partition(":")
        return Stripped(f"{user}@{url[at + 1:]}" if user else url[at + 1:], secrets=(password,) if password else (),
                        had_password=True)
    return Stripped(url)


def redact(url: str) -> str:
    """The URL as memsync shows or stores it: no credentials, ever."""
    try:
        return strip(url).url
    except MemsyncError:
        return UNPARSEABLE


def shown_url(url: str) -> str:
    """``redact(url)`` fit to print: a token elsewhere in it (a path segment or a folder named
    like one, which the URL needs and so keeps) masked as the secret scanner masks it."""
    from memsync.secrets.gate import redact as mask_secrets

    return mask_secrets(redact(url))
