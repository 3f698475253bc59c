"""Keyword assignments in English and Chinese: ``password: …``, ``api_key = …``, ``密码：…``.

The trigger stops only where a keyword is followed by an operator (``:`` ``=``
``:=`` ``=>`` ``|`` ``：`` ``是`` ``为`` or `` is ``), so prose that merely
mentions a password costs nothing. Then the key's last word decides whether it
names a secret (``client_secret`` yes, ``token_type`` and ``public_key`` no), and
the value must be shaped like one (see ``values.plausible_secret``).
"""
from __future__ import annotations

import re

from memsync.secrets import assign
from memsync.secrets.rules import Hit
from memsync.secrets.values import is_placeholder, looks_fake, names_only, plausible_secret

PASSWORD_WORDS = ("password", "passwd", "passphrase", "passcode", "passwort", "pwd", "pass", "pw", "psk")
OTHER_WORDS = ("secret", "token", "key", "credential", "creds", "pat", "auth")
# Chinese (simplified and traditional) and Japanese: password, passphrase, key, token,
# credential, private key, auth code.
CJK_PASSWORD = ("密码", "密碼", "口令", "授权码", "パスワード", "비밀번호", "패스워드")  # 授权码: the app password mail servers ask for
CJK_OTHER = ("密钥", "秘钥", "密鑰", "金鑰", "令牌", "凭据", "凭证", "私钥", "秘密鍵", "トークン", "シークレット", "apiキー",
             "アクセスキー", "토큰", "비밀키", "암호키", "시크릿")
# Vendor names in Chinese that classify a key (阿里云访问密钥 -> Alibaba).
_CJK_VENDORS = {"阿里".encode(): b"alibaba", "亚马逊".encode(): b"aws"}

# The trigger also wants the value to start with ASCII (after spaces and a quote),
# so "密钥：见运维手册" in prose never reaches Python.
_TRIGGER_TAIL = assign.TRIGGER_TAIL

# Key words that mean the "key"/"token" is not a secret, or that qualify "key" as one.
_NOT_SECRET_BEFORE = frozenset(b"public publishable pub anon site".split())
_TOKEN_NOT_SECRET = frozenset(
    b"csrf xsrf page next continuation pagination cursor sync cancel cancellation max min num "
    b"input output completion prompt total count eos bos pad unk sep special cls mask vocab limit "
    b"type lexer parser jsonweb request idempotency correlation trace tracking change state resume marker "
    b"lifecycle action unit sequence starting start lock".split())  # AWS's RequestToken, LockToken: not secrets
_KEY_QUALIFIERS = frozenset(
    b"api access secret private priv auth authentication account master signing sign encryption "
    b"encrypt decryption client app application service subscription consumer webhook bot deploy "
    b"deployment storage admin session shared hmac jwt aes crypto root license developer dev prod "
    b"production live server ingest ingestion write management mgmt personal project org "
    b"organization ssh openai anthropic stripe sendgrid mailgun twilio google gcp aws azure aliyun "
    b"alibaba github gitlab slack discord telegram npm pypi cloudflare datadog sentry firebase maps "
    b"algolia pass hap messagebird mailchimp mapbox openweather weather vonage nexmo plivo pusher "
    b"segment mixpanel amplitude intercom zendesk freshdesk hubspot salesforce shopify square "
    b"paypal braintree adyen razorpay paystack mollie coinbase binance kraken etherscan infura alchemy "
    b"moralis pinata cohere mistral groq gemini deepseek together replicate huggingface elevenlabs "
    b"assemblyai deepgram pinecone weaviate qdrant supabase vercel netlify heroku render railway fly "
    b"linode vultr hetzner scaleway digitalocean backblaze wasabi minio cloudinary imgix mux "
    b"contentful sanity storyblok prismic airtable notion linear jira asana trello clickup monday "
    b"figma miro dropbox box zoom webex okta auth0 onelogin duo pagerduty opsgenie newrelic "
    b"honeycomb grafana splunk sumo loggly papertrail rollbar bugsnag raygun snyk sonar codecov "
    b"coveralls circleci travis buildkite jenkins artifactory jfrog nexus docker quay harbor "
    b"terraform vault consul nomad doppler infisical pulumi ngrok tailscale yandex tencent baidu "
    b"volcengine huawei ibm oracle preshared".split())
# An UPPER_SNAKE variable ending in _KEY names a credential unless one of these words says otherwise.
_KEY_NOT_SECRET = frozenset(
    b"primary foreign sort partition cache hot idempotency object s3 redis map dict lookup index "
    b"group cluster routing shard row column composite unique natural surrogate api_version "
    b"translation i18n locale message label field metric dimension tag react list".split())
# Code names things *_pass that are not passwords (fmt_pass, hook_call_pass): these words make it one.
_PASS_QUALIFIERS = frozenset(
    b"db database user admin root smtp mail email redis mysql postgres pg ftp sftp ldap proxy login "
    b"account api app basic http wifi vpn ssh sudo master service registry keystore truststore "
    b"store passout passin deploy deployment repo repository upload publish release signing gpg bind "
    b"nexus artifactory jfrog maven gradle npm docker git svn sonar jenkins keycloak rabbitmq amqp "
    b"mongo mongodb kafka sasl jdbc mssql imap vnc rdp webdav pfx p12 jks pass become".split())  # openssl -pass pass:VALUE
_PAT_QUALIFIERS = frozenset(b"github gh gitlab gl ado azure devops azdo bitbucket hf huggingface docker personal "
                            b"api access ci deploy npm pypi registry".split())
_UUID_QUALIFIERS = frozenset(b"api access auth bearer private personal refresh session bot deploy service oauth "
                             b"npm user app secret master license subscription heroku snyk hapi vault".split())
_NAME_CHAIN = re.compile(rb"[A-Za-z0-9_.:-]+")
_TOKEN_CHARS = re.compile(rb"[A-Za-z0-9+/=._-]{12,}")
# YAML's core tags ("password: !!binary <base64>"): the value follows the tag, and the
# decoder reads a !!binary one in place.
_YAML_TAG = re.compile(rb"!!(?:binary|str|int|float|bool|null|timestamp|map|seq|set|omap|pairs)")
_GLUED_PASS = frozenset(b"store key srcstore deststore srckey destkey new old".split())
# "auth" alone (docker config.json, .npmrc's _auth) or after one of these words names a credential.
_AUTH_QUALIFIERS = frozenset(b"basic http proxy registry npm docker".split())
_AWS_SECRET = re.compile(rb"[A-Za-z0-9/+]{40}")
_SHAPED = ("aws-secret-access-key", "alibaba-access-key-secret", "twilio-auth-token")
_ALIBABA_SECRET = re.compile(rb"[A-Za-z0-9]{30}")
_HEX32 = re.compile(rb"[0-9a-f]{32}")

_OPENSSL_SOURCES = (b"pass:", b"env:", b"file:", b"fd:", b"stdin")
_CJK = frozenset(w.encode("utf-8") for w in CJK_PASSWORD + CJK_OTHER)
_CJK_PASSWORD = frozenset(w.encode("utf-8") for w in CJK_PASSWORD)
_PASSWORD = frozenset(w.encode() for w in PASSWORD_WORDS)
_SEPARATE = (b"pass", b"pw", b"pat", b"auth", b"psk")  # too short to count glued to another word


def names_secret(words: list[bytes], keyword: bytes, key: bytes = b"") -> bool:
    """Does a key ending in ``keyword`` name a secret? ``words`` ends with the word holding it."""
    if not words or not words[-1].endswith(keyword) or _NOT_SECRET_BEFORE & set(words):
        return False
    if b"search" in words and (b"only" in words or b"searchonly" in words):
        return False  # Algolia's search-only key is meant for browsers
    last = words[-1]
    joined = last[: -len(keyword)]  # "api" of "apikey", "" for a separate word
    before = joined or (words[-2] if len(words) > 1 else b"")
    if keyword in _SEPARATE:
        if joined:
            return keyword == b"pass" and joined in _GLUED_PASS  # keytool -storepass, -keypass

        if keyword == b"auth":
            return len(words) == 1 or before in _AUTH_QUALIFIERS
        if keyword == b"pat":  # GITHUB_PAT, ADO_PAT; pat or _INIT_FACTORY_PAT is a pattern
            return before in _PAT_QUALIFIERS
        if keyword == b"psk":  # a pre-shared key: wpa_supplicant's psk="…", WPA_PSK, IPSEC_PSK
            return True
        # pass, pw: db_pass, smtp_pw, RABBITMQ_DEFAULT_PASS (a word naming what logs in, anywhere before)
        return len(words) == 1 or before in _PASS_QUALIFIERS or not _PASS_QUALIFIERS.isdisjoint(words[:-1])
    if keyword == b"key":
        if before in _KEY_QUALIFIERS or (words[0] == b"x" and len(words) > 2):  # X-Acme-Key headers
            return True
        # API_KEY-style variables: OPENWEATHER_KEY, MESSAGEBIRD_KEY name credentials.
        return (b"_" in key and key.upper() == key and len(words) > 1 and not joined
                and before not in _KEY_NOT_SECRET and not before.isdigit())
    if keyword == b"token":
        return before not in _TOKEN_NOT_SECRET
    return True


def _rule_for(words: list[bytes], keyword: bytes, value: bytes) -> str:
    if keyword in _PASSWORD or keyword in _CJK_PASSWORD:
        return "password-assignment"
    names = set(words)
    if (b"aws" in names or {b"secret", b"access"} <= names) and _AWS_SECRET.fullmatch(value):
        return "aws-secret-access-key"
    alibaba = names & {b"alibaba", b"aliyun", b"alicloud"} or b"accesskeysecret" in b"".join(words)
    if alibaba and _ALIBABA_SECRET.fullmatch(value):
        return "alibaba-access-key-secret"
    if b"twilio" in names and _HEX32.fullmatch(value):
        return "twilio-auth-token"
    return "secret-assignment"


def _encoded_placeholder(value: bytes) -> bool:
    """A placeholder written encoded is still one: base64 of ``ci:<your-token>`` (a docker
    ``auth``), ``%24%7BDB_PASSWORD%7D``, ``&lt;your-password&gt;``. What the value stands for
    is judged (the password of a ``user:password``), not the shape of its encoding."""
    from memsync.secrets.encoded import stands_for
    from memsync.secrets.structured import DEFAULT_PASSWORDS

    text = stands_for(value)
    if text is None:
        return False
    user, colon, password = text.partition(b":")
    if colon and user and password and not any(c in user for c in b" /"):
        text = password
    return text.lower() in DEFAULT_PASSWORDS or is_placeholder(text)


def judge(words: list[bytes], keyword: bytes, start: int, value: bytes) -> Hit | None:
    """A hit for ``value`` assigned to a key of ``words`` ending in ``keyword``, if it looks real."""
    is_password = keyword in _PASSWORD or keyword in _CJK_PASSWORD
    if _YAML_TAG.fullmatch(value):
        return None
    rule = _rule_for(words, keyword, value)
    if rule in _SHAPED:
        # The key names the vendor and the value has its exact shape ("/" and "+" included).
        return None if looks_fake(value) else (start, start + len(value), rule, value)
    if not plausible_secret(value, min_len=8 if is_password else 10, allow_uuid=_strong(words, keyword)):
        return None
    if _encoded_placeholder(value):
        return None
    if _NAME_CHAIN.fullmatch(value) and (keyword in value.lower() or assign.name_like(value) or (
            (b":" in value or b"." in value) and names_only(value))):
        return None  # private_key: ed25519.Ed25519PrivateKey, Pass = Lexer.PASS, "_GET_stream", "lambda:createdBy"
    if keyword == b"auth" and not _TOKEN_CHARS.fullmatch(value):
        return None  # "auth: *(optional)* …" is prose; docker's "auth" is base64
    return (start, start + len(value), rule, value)


def _strong(words: list[bytes], keyword: bytes) -> bool:
    """A name strong enough for a UUID to be its secret (many services issue UUID API keys);
    ClientToken, LockToken and idempotency tokens are UUIDs that are not."""
    if keyword in _PASSWORD or keyword in _CJK_PASSWORD or keyword == b"secret" or keyword in _CJK:
        return True
    joined = words[-1][: -len(keyword)] if words and words[-1].endswith(keyword) else b""
    before = joined or (words[-2] if len(words) > 1 else b"")
    return (not before or words[0] == b"x" or before in _UUID_QUALIFIERS
            or (keyword == b"key" and before in _KEY_QUALIFIERS))


# A user and a password under a key ending in the word "auth" (NEO4J_AUTH=neo4j/…,
# REDIS_AUTH=default:…): the pair's shape says what an unqualified "auth" could not.
_AUTH_PAIR = re.compile(rb"[A-Za-z][A-Za-z0-9._@-]{0,63}[/:]([^/:=\s]{8,256}={0,2})")


def _auth_pair(found: assign.Assignment) -> Hit | None:
    """The password of a ``user/password`` or ``user:password`` value assigned to ``…_AUTH``."""
    m = _AUTH_PAIR.fullmatch(found.value)
    if found.words[-1] != b"auth" or m is None:
        return None
    user, password = found.value[: m.start(1) - 1], m.group(1)
    if password.lower() == user.lower():
        return None
    hit = judge([b"password"], b"password", found.start + m.start(1), password)
    return None if hit is None or _encoded_placeholder(found.value) else hit


def _renamed(hit: Hit | None, rule: str) -> Hit | None:
    return None if hit is None else (hit[0], hit[1], rule, hit[3])


class KeywordRule:
    """One rule object for every keyword; the rule id comes from the key and the value."""

    id = "keyword-assignment"
    title = "a value assigned to password / secret / token / api key / 密码 / 密钥 / 令牌 …"
    triggers = tuple((w, _TRIGGER_TAIL) for w in PASSWORD_WORDS + OTHER_WORDS + CJK_PASSWORD + CJK_OTHER)
    lowered = True  # matched on a lower-cased copy: Password, API_KEY, accessToken
    priority = 2
    ids = ("password-assignment", "secret-assignment", "aws-secret-access-key",
           "alibaba-access-key-secret", "twilio-auth-token", "cli-credentials", "netrc-password")

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        end = pos + len(anchor)
        if anchor in _CJK:
            return self._cjk(buf, pos, anchor)
        found = assign.parse(buf, pos, end, min_len=8 if anchor in _PASSWORD else 10)
        if found is None:
            return None
        if found.syntax == "netrc":
            return _renamed(judge([b"password"], anchor, found.start, found.value), "netrc-password")
        if not names_secret(found.words, anchor, found.key):
            return _auth_pair(found) if anchor == b"auth" else None
        if found.syntax == "flag" and found.value.lower().startswith(_OPENSSL_SOURCES):
            # OpenSSL's pass phrase arguments (-pass, -passin, -passout): "pass:" then the password
            # itself (read by the keyword rule on "pass:"); env:, file:, fd: name where it is kept.
            return None
        hit = judge(found.words, anchor, found.start, found.value)
        return _renamed(hit, "cli-credentials") if found.syntax == "flag" else hit

    def _cjk(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        """``密码：…``: the key is the keyword and what stands before it on the line."""
        end = pos + len(anchor)
        m = assign.CJK_CONNECTOR.match(buf, end)
        if m is None:
            return None
        got = assign.read_value(buf, m.end())
        is_password = anchor in _CJK_PASSWORD
        if got is None or len(got[1]) < (8 if is_password else 10):
            return None
        start, value, _ = got
        line_start = buf.rfind(b"\n", max(0, pos - 120), pos) + 1
        before = buf[max(line_start, pos - 120):pos]
        # "AWS 访问密钥", "阿里云访问密钥": names before the keyword classify it.
        words = assign.words_of(before) + [v for k, v in _CJK_VENDORS.items() if k in before] + [anchor]
        return judge(words, anchor, start, value)


RULE = KeywordRule()
