"""The secret scanner's known gaps, closed: look-alike letters folded to ASCII (combining
marks, superscripts and subscripts, small capitals, Armenian and Cherokee letters), lower-case
quoted-printable and wrapped base32, many short mixed words scanned in linear time, and dotted
property keys. Each table asserts the finding (rule id and encoding), where it is reported (the
original text's line and column), that its message shows only a masked form, and that clean
text of the same look stays clean."""
from __future__ import annotations

import base64
import random
import re

import pytest

from bench.secrets_corpus import FAKES
from memsync.secrets import scan_text
from memsync.secrets.gate import redact

TOKEN = FAKES["github-pat"](random.Random(11))  # ghp_ + 36 base-62
PASSWORD = "Xq7#kLp2Vw9!zR"
MASKED = re.compile(r"^\S{0,4}\*\*\* \(\d+ chars\)$")


def where(text: str, span: str) -> tuple[int, int]:
    """(line, col) of ``span`` in ``text``, 1-based, columns in characters."""
    at = text.index(span)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def assert_masked(text: str, secrets: tuple[str, ...]) -> None:
    """Every finding's message shows a masked form only: no secret, folded or as written,
    nor a long piece of one."""
    shown = "\n".join(f.format() for f in scan_text(text))
    for f in scan_text(text):
        assert MASKED.match(f.masked), f.masked
    leaked = any(s in shown or s[6:20] in shown for s in secrets)  # computed first: a failure names no secret
    assert not leaked


def assert_one_finding(text: str, rule: str) -> None:
    """One finding of ``rule``, at PASSWORD as written, showing only its mask."""
    findings = scan_text(text)
    assert [f.rule for f in findings] == [rule]
    assert (findings[0].line, findings[0].col) == where(text, PASSWORD)
    assert findings[0].masked == f"Xq*** ({len(PASSWORD)} chars)"
    assert_masked(text, (PASSWORD,))


def retype(text: str, table: dict[str, str], every: int = 1) -> str:
    """``text`` with its letters that have a look-alike in ``table`` retyped, every ``every``-th one."""
    out, n = [], 0
    for c in text:
        if c in table:
            n += 1
            if n % every == 0:
                out.append(table[c])
                continue
        out.append(c)
    return "".join(out)


ARMENIAN = {"o": "\u0585", "u": "\u057d", "n": "\u0578", "h": "\u0570", "g": "\u0581", "q": "\u0566", "S": "\u054f",
            "L": "\u053c", "O": "\u0555", "U": "\u054d"}
CHEROKEE = {"A": "\u13aa", "B": "\u13f4", "C": "\u13df", "D": "\u13a0", "E": "\u13ac", "G": "\u13c0", "H": "\u13bb",
            "J": "\u13ab", "K": "\u13e6", "L": "\u13de", "M": "\u13b7", "P": "\u13e2", "R": "\u13a1", "S": "\u13da",
            "T": "\u13a2", "V": "\u13d9", "W": "\u13b3", "Z": "\u13c3"}
SMALL_CAPS = {c: s for c, s in zip("abcdefghijklmnopqrstuvwyz", "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ")}
SUPERSCRIPT = {c: s for c, s in zip("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")}
SUBSCRIPT = {c: s for c, s in zip("0123456789aehklmnopstx", "₀₁₂₃₄₅₆₇₈₉ₐₑₕₖₗₘₙₒₚₛₜₓ")}
CHEROKEE_SMALL = {k.lower(): v.lower() for k, v in CHEROKEE.items()}  # U+AB70 …: read as lower case
OTHER_CYRILLIC_GREEK = {"h": "\u04bb", "d": "\u0501", "q": "\u051b", "w": "\u051d", "c": "\u03f2", "j": "\u03f3"}

# (id, the token as written, the encoding named): each must be the plain github-pat finding.
LOOK_ALIKE_TOKENS = [
    ("combining-accent-first", "g\u0301" + TOKEN[1:], "look-alike"),
    ("combining-mark-inside", TOKEN[:12] + "\u0301" + TOKEN[12:], "look-alike"),
    ("combining-marks-every-8", "".join(c + ("\u0308" if i % 8 == 7 else "") for i, c in enumerate(TOKEN)),
     "look-alike"),
    ("combining-dot-below", TOKEN[:20] + "\u0323" + TOKEN[20:], "look-alike"),
    ("combining-supplement", TOKEN[:9] + "\u1dc4" + TOKEN[9:], "look-alike"),
    ("small-capitals-prefix", "ɢʜᴘ_" + TOKEN[4:], "look-alike"),
    ("small-capitals-body", TOKEN[:4] + retype(TOKEN[4:], SMALL_CAPS, 3), "look-alike"),
    ("armenian", TOKEN[:4] + retype(TOKEN[4:], ARMENIAN), "look-alike"),
    ("armenian-prefix", "\u0581\u0570p_" + TOKEN[4:], "look-alike"),
    ("cherokee", TOKEN[:4] + retype(TOKEN[4:], CHEROKEE), "look-alike"),
    ("cherokee-small", TOKEN[:4] + retype(TOKEN[4:], CHEROKEE_SMALL), "look-alike"),
    ("cyrillic-greek-extra", retype(TOKEN, OTHER_CYRILLIC_GREEK), "look-alike"),
    ("superscript-digits", TOKEN[:4] + retype(TOKEN[4:], SUPERSCRIPT), "nfkc"),
    ("subscripts", TOKEN[:4] + retype(TOKEN[4:], SUBSCRIPT, 2), "nfkc"),
    ("modifier-letters-prefix", "ᵍʰᵖ_" + TOKEN[4:], "nfkc"),
]


def _differs(written: str) -> bool:
    return written != TOKEN


@pytest.mark.parametrize("written, encoding", [pytest.param(w, e, id=i) for i, w, e in LOOK_ALIKE_TOKENS])
@pytest.mark.parametrize("place", ["prose", "chinese", "assignment", "second-line"])
def test_a_token_retyped_with_look_alikes_is_found_at_its_place(written: str, encoding: str, place: str) -> None:
    assert _differs(written)
    text = {"prose": "The CI token is {} (rotate monthly).",
            "chinese": "部署令牌{}，请勿外传。",
            "assignment": "export GH_TOKEN={}",
            "second-line": "# deploy notes\n- token: `{}`\n"}[place].format(written)
    findings = scan_text(text)
    assert [(f.rule, f.encoding) for f in findings] == [("github-pat", encoding)]
    f = findings[0]
    # The finding points at the token as written, and masks the token it stands for.
    assert (f.line, f.col) == where(text, written)
    assert f.masked == f"ghp_*** ({len(TOKEN)} chars)"
    assert f.fingerprint == scan_text(f"token {TOKEN}")[0].fingerprint
    assert_masked(text, (written, TOKEN))
    cleaned = redact(text)
    assert written not in cleaned and TOKEN not in cleaned


# Keys written with look-alikes: the key still names what the value is.
LOOK_ALIKE_KEYS = [
    ("small-capitals-password", f"DB_ᴘᴀꜱꜱᴡᴏʀᴅ = {PASSWORD}", "password-assignment", PASSWORD),
    ("small-capital-in-key", f"ᴘassword = {PASSWORD}", "password-assignment", PASSWORD),
    ("combining-password", f"pa\u0301ssword: {PASSWORD}", "password-assignment", PASSWORD),
    ("armenian-token", f"api_t\u0585ken = \"{PASSWORD}\"", "secret-assignment", PASSWORD),
    ("cherokee-secret", f"CLIENT_\u13daECRET={PASSWORD}", "secret-assignment", PASSWORD),
]


@pytest.mark.parametrize("text, rule, secret", [pytest.param(t, r, s, id=i) for i, t, r, s in LOOK_ALIKE_KEYS])
def test_a_key_written_with_look_alikes_still_names_its_value(text: str, rule: str, secret: str) -> None:
    findings = scan_text(text)
    assert [(f.rule, f.encoding) for f in findings] == [(rule, "look-alike")]
    assert (findings[0].line, findings[0].col) == where(text, secret)
    assert_masked(text, (secret,))


CLEAN_LOOK_ALIKES = {
    "russian-prose": "Пароль хранится в хранилище, токен обновляется раз в месяц: смотри runbook.\n"
                     "Ключ доступа — у дежурного (ротация каждые 90 дней).",
    "russian-stress-marks": "Заме\u0301тка: моло\u0301ко и сорока\u0301 — примеры ударе\u0301ний.",
    "armenian-prose": "Գաղտնաբառը պահվում է պահոցում, իսկ տոկենը թարմացվում է ամեն ամիս։",
    "cherokee-prose": "ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ ᎠᏍᎦᏯ ᎤᏂᏣᏘ ᎠᏂᏴᏫ ᏥᏌᏃ ᎦᎸᏉᏗ ᏕᏍᏗ ᏙᏯ",
    "greek-prose": "Ο κωδικός πρόσβασης αποθηκεύεται στο θησαυροφυλάκιο, όχι στο αποθετήριο.",
    "small-capitals-styling": "ɴᴏᴛᴇ: ᴛʜɪꜱ ɪꜱ ɴᴏᴛ ᴀ ᴛᴏᴋᴇɴ, ɪᴛ ɪꜱ ᴀ ʜᴇᴀᴅɪɴɢ ᴡʀɪᴛᴛᴇɴ ɪɴ ꜱᴍᴀʟʟ ᴄᴀᴘɪᴛᴀʟꜱ.",
    "superscripts-in-math": "E = mc², area 12 m², x₁ + x₂ = 3, CO₂ levels, H₂O, footnote¹ and 2ⁿ − 1.",
    "ordinals": "la 1ª edición, el 2º piso, 3ª planta.",
    "circled-list": "① install ② configure ③ rotate the password (see vault) ④ done",
    "decomposed-french": "Le cafe\u0301 re\u0301sume\u0301: mot de passe stocke\u0301 dans le coffre.",
    "ipa": "password is pronounced /ˈpɑːs.wɜːd/ and token /ˈtəʊ.kən/.",
    "mixed-short-words": "ghр_x ѕk-y ɢʜᴘ_z g\u0301hp_ xoхb- ᴀᴋɪᴀ",
    "password-policy-small-caps": "ᴘᴀꜱꜱᴡᴏʀᴅ ᴘᴏʟɪᴄʏ: ᴀᴛ ʟᴇᴀꜱᴛ 12 ᴄʜᴀʀᴀᴄᴛᴇʀꜱ.",
    "password-policy-mixed": "pᴀssword policy: at least 12 characters, rotated every 90 days.",
}


@pytest.mark.parametrize("name", sorted(CLEAN_LOOK_ALIKES))
def test_clean_text_with_look_alike_letters_stays_clean(name: str) -> None:
    assert scan_text(CLEAN_LOOK_ALIKES[name]) == []


def test_many_short_mixed_words_then_a_real_token_is_found_on_its_line() -> None:
    """The fold filter reads many lines at once; the finding still maps to its own line and
    column, also far into the text and on a long line of mixed words."""
    written = TOKEN[:4] + retype(TOKEN[4:], ARMENIAN)
    junk = "ghр_x\n" * 20000
    text = junk + f"token: {written}\n" + junk + "ghр_x " * 3000 + f"{written[:-1]}ս end\n"
    findings = scan_text(text)
    assert [(f.rule, f.encoding) for f in findings] == [("github-pat", "look-alike")] * 2
    assert (findings[0].line, findings[0].col) == (20001, 8)
    assert findings[1].line == 40002 and findings[1].col == 6 * 3000 + 1
    assert scan_text(junk * 3) == []


def _qp(text: str, lower: bool) -> str:
    """``text`` as a quoted-printable encoder writes it (76-column soft line breaks), in
    capitals or in lower case."""
    import quopri

    out = quopri.encodestring(text.encode()).decode()
    return re.sub(r"=[0-9A-F]{2}", lambda m: m.group().lower(), out) if lower else out


_RNG = random.Random(3)
AZURE_KEY = "".join(_RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
                    for _ in range(86)) + "=="
CONNECTION = f"DefaultEndpointsProtocol=https;AccountName=prodlogs;AccountKey={AZURE_KEY};EndpointSuffix=core.windows.net"
MAIL = ("Hi team, here is the storage connection for the nightly export job, please keep it private: "
        + CONNECTION + " and the deploy token is " + TOKEN + " (expires in May). Bisous, Zoé")

_SOFT_HEAD = "Le jeton de d=c3=a9ploiement (=c3=a0 ne pas partager) : "  # a token cut by the 76-column wrap
QP_SECRETS = [
    ("equals-lower", CONNECTION.replace("=", "=3d"), "azure-storage-key", AZURE_KEY),
    ("equals-upper", CONNECTION.replace("=", "=3D"), "azure-storage-key", AZURE_KEY),
    ("utf8-lower-before-token", "t=c3=a9l=c3=a9phone / jeton=3d" + TOKEN, "github-pat", TOKEN),
    ("mail-lower", _qp(MAIL, True), "azure-storage-key", AZURE_KEY),
    ("soft-break-in-token", _SOFT_HEAD + TOKEN[:75 - len(_SOFT_HEAD)] + "=\n" + TOKEN[75 - len(_SOFT_HEAD):] + " merci",
     "github-pat", TOKEN),
    ("mail-upper", _qp(MAIL, False), "azure-storage-key", AZURE_KEY),
]


@pytest.mark.parametrize("text, rule, secret", [pytest.param(t, r, s, id=i) for i, t, r, s in QP_SECRETS])
def test_quoted_printable_in_either_case_is_decoded(text: str, rule: str, secret: str) -> None:
    assert "=\n" in _qp(MAIL, True) and "=3d" in _qp(MAIL, True)  # the mail really is wrapped and lower-case
    findings = [f for f in scan_text(text) if f.rule == rule]
    assert len(findings) == 1 and findings[0].encoding == "quoted-printable"
    assert findings[0].masked == f"{secret[:4]}*** ({len(secret)} chars)"
    assert_masked(text, (secret,))


CLEAN_QP_LOOKING = {
    "url-params": "https://viewer.example.org/model?mode=3d&id=3d8f2a&color=ff&view=3dprint",
    "css-and-flags": "color=ff0000; --render=3d --scale=2 opacity=cc",
    "prose": "Switch the viewer to render=3d before export; the dimension=3d flag is documented.",
    "lower-hex-pairs": "ids: a=c3=a9 is not text here? x=ff=fe y=80=81 (byte dump)",
    "env-file-wrapped": "DB_HOST=db.internal\nDB_PASSWORD=\nDB_USER=app\n",
    "qp-mail-about-password": _qp("Bonjour, le mot de passe a été changé: demandez-le à l'équipe sécurité, "
                                  "il n'est jamais envoyé par courriel. Merci et bonne journée à tous.", True),
}


@pytest.mark.parametrize("name", sorted(CLEAN_QP_LOOKING))
def test_quoted_printable_looking_clean_text_stays_clean(name: str) -> None:
    assert scan_text(CLEAN_QP_LOOKING[name]) == []


def _b32_lines(text: str | bytes, width: int, indent: str = "") -> str:
    data = text.encode() if isinstance(text, str) else text
    run = base64.b32encode(data).decode()
    return "\n".join(indent + run[i:i + width] for i in range(0, len(run), width))


ENV_FILE = f"export GITHUB_TOKEN={TOKEN}\nexport DB_PASSWORD='{PASSWORD}'\n"
BASE32_BLOCKS = [
    ("wrapped-76", "vault export:\n" + _b32_lines(ENV_FILE, 76) + "\n", 2),
    ("wrapped-64", _b32_lines(ENV_FILE, 64) + "\n", 1),
    ("wrapped-indented", "secret:\n  data: |\n" + _b32_lines(ENV_FILE, 76, "    ") + "\n", 3),
    ("wrapped-list-item", "- backup of .env (base32):\n\n" + _b32_lines(ENV_FILE * 2, 76, "  ") + "\n", 3),
]


@pytest.mark.parametrize("text, line", [pytest.param(t, n, id=i) for i, t, n in BASE32_BLOCKS])
def test_base32_wrapped_over_lines_is_one_block(text: str, line: int) -> None:
    findings = scan_text(text)
    got = sorted({(f.rule, f.encoding, f.line, f.masked) for f in findings})
    assert got == [("github-pat", "base32", line, f"ghp_*** ({len(TOKEN)} chars)"),
                   ("password-assignment", "base32", line, f"Xq*** ({len(PASSWORD)} chars)")]
    assert_masked(text, (TOKEN, PASSWORD))


CLEAN_BASE32_BLOCKS = {
    "random-bytes": _b32_lines(random.Random(5).randbytes(200), 76),
    "prose": _b32_lines("The deploy runbook lives in the wiki; tokens are issued by the vault and never "
                        "written down. Ask the on-call engineer for access to staging.", 76),
    "placeholder-env": _b32_lines("export GITHUB_TOKEN=<your-token-here>\nexport DB_PASSWORD=changeme\n", 64),
    "capital-words": "\n".join(["ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" * 2] * 3),
}


@pytest.mark.parametrize("name", sorted(CLEAN_BASE32_BLOCKS))
def test_wrapped_base32_of_no_secret_stays_clean(name: str) -> None:
    assert scan_text(CLEAN_BASE32_BLOCKS[name]) == []


@pytest.mark.parametrize("form, encoding", [
    pytest.param(lambda b: b[:10] + "\u200b" + b[10:], "invisible+base64", id="zero-width-space"),
    pytest.param(lambda b: b.replace("p", "\u0440", 1) if "p" in b else b.replace("a", "\u0430", 1), "look-alike+base64",
                 id="cyrillic-letter"),
])
def test_a_base64_run_with_a_character_slipped_in_is_still_decoded(form, encoding: str) -> None:  # type: ignore[no-untyped-def]
    """The fold filter reads its chunks as deep as the decoded lines are read (two layers)."""
    blob = base64.b64encode(f"export GH_TOKEN={TOKEN}\n".encode()).decode()
    text = "restore with: echo " + form(blob) + " | base64 -d > .env"
    assert [(f.rule, f.encoding) for f in scan_text(text)] == [("github-pat", encoding)]
    assert_masked(text, (TOKEN, blob))


# Dotted key paths (.properties, YAML/TOML flattened keys, Spring, Quarkus, -D flags): the last
# part names the value, as a plain key's last word does.
DOTTED_SECRETS = [
    ('db.password = "{}"', "password-assignment"),
    ("spring.datasource.password={}", "password-assignment"),
    ("app.secret.key: {}", "secret-assignment"),
    ("  spring.datasource.password: '{}'", "password-assignment"),
    ('"spring.datasource.password": "{}"', "password-assignment"),
    ('quarkus.datasource."users".password={}', "password-assignment"),
    ("SPRING.DATASOURCE.PASSWORD={}", "password-assignment"),
    ("spring.mail.password {}", "password-assignment"),
    ("security.oauth2.client.client-secret={}", "secret-assignment"),
    ("app.jwt.signing-key = {}", "secret-assignment"),
    ('app.security.jwt.secret: "{}"', "secret-assignment"),
    ("app.auth.token: {}", "secret-assignment"),
    ('settings.DATABASES.default.PASSWORD = "{}"', "password-assignment"),
    ("| spring.datasource.password | {} |", "password-assignment"),
    ('props.put("db.password", "{}")', "password-assignment"),
    ("java -Dspring.datasource.password={} -jar app.jar", "cli-credentials"),
]


@pytest.mark.parametrize("template, rule", DOTTED_SECRETS)
def test_a_dotted_key_ending_in_a_secret_word_names_its_value(template: str, rule: str) -> None:
    assert_one_finding(template.format(PASSWORD), rule)


# A key whose secret word is not its last part names something about the secret, not the secret.
DOTTED_CLEAN = [
    "password.min_length = 12",
    "password.min-length: 12",
    "password.hint = Choose a long phrase you can remember",
    f'password.hint = "{PASSWORD}"',
    f"password.hint: {PASSWORD}",
    f"password.policy.name={PASSWORD}",
    "password.expiry.days = 90",
    "password.salt.rounds = 12",
    "password.encoder = bcrypt",
    'password.regex = "^(?=.*[A-Z]).{12,}$"',
    "password.reset.url=https://accounts.example.org/reset",
    "app.password.length = 16",
    "secret.key.path=/etc/app/secret.key",
    "app.secret.key.file=/run/secrets/app-key",
    "db.password.file: /run/secrets/db",
    "db.password.vault.path = secret/data/db",
    "spring.datasource.password.encrypted=true",
    f"token.expiry={PASSWORD}",
    "app.token.ttl: 3600",
    "jwt.secret.rotation.days = 30",
    "auth.token.header = Authorization",
    "token.type = bearer",
    "secret.name = prod-db-credentials",
    "spring.datasource.password=${DB_PASSWORD}",
    'db.password = os.environ["DB_PASSWORD"]',
]


@pytest.mark.parametrize("text", DOTTED_CLEAN)
def test_a_dotted_key_whose_secret_word_is_not_last_stays_clean(text: str) -> None:
    assert scan_text(text) == []


@pytest.mark.parametrize("text, encoding", [
    pytest.param("\\u0067" + TOKEN[1:10] + "\u200b" + TOKEN[10:], "escape+invisible", id="escape-and-zero-width"),
    pytest.param("&#103;" + TOKEN[1:10] + "\u0440" + TOKEN[11:], "html+look-alike", id="entity-and-look-alike"),
    pytest.param("%67" + TOKEN[1:10] + "\u0301" + TOKEN[10:], "look-alike+percent", id="percent-and-combining"),
])
def test_an_escape_and_a_character_on_one_line_are_decoded_together(text: str, encoding: str) -> None:
    """A line with an escape is decoded piece by piece whatever the fold filter says."""
    line = f"ci: export GH_TOKEN={text} # rotated\n"
    findings = scan_text("# notes\n" + line * 2)
    assert [(f.rule, f.encoding, f.line) for f in findings] == [("github-pat", encoding, 2), ("github-pat", encoding, 3)]
    assert findings[0].col == line.index(text) + 1
    assert_masked(line, (TOKEN,))


AWS_KEY_ID = FAKES["aws-access-key-id"](random.Random(12))  # AKIA/ASIA + 16 of A-Z2-7
CAPITAL_SMALL_CAPS = {k.upper(): v for k, v in SMALL_CAPS.items()}  # Unicode has no small capital X


@pytest.mark.parametrize("written", [
    pytest.param(retype(AWS_KEY_ID, CAPITAL_SMALL_CAPS), id="all-small-capitals"),
    pytest.param(retype(AWS_KEY_ID, CAPITAL_SMALL_CAPS).replace("X", "x"), id="all-small-capitals-plain-x"),
    pytest.param(retype(AWS_KEY_ID[:4], CAPITAL_SMALL_CAPS) + AWS_KEY_ID[4:], id="small-capital-prefix"),
    pytest.param(AWS_KEY_ID[:4] + retype(AWS_KEY_ID[4:], CAPITAL_SMALL_CAPS, 3), id="every-third-letter"),
])
@pytest.mark.parametrize("place", ["prose", "chinese", "assignment"])
def test_a_capital_token_retyped_in_small_capitals_reads_as_capitals(written: str, place: str) -> None:
    """Small capitals are drawn as capitals: in a word with no lower-case letter they stand for
    capitals (an AWS key id), where in a mixed-case token they stand for small letters."""
    assert written != AWS_KEY_ID and any(c in written for c in CAPITAL_SMALL_CAPS.values())
    text = {"prose": "The deploy user's key id is {} (rotate monthly).",
            "chinese": "部署账号的访问密钥ID：{}，请勿外传。",
            "assignment": "aws_access_key_id = {}"}[place].format(written)
    findings = scan_text(text)
    assert [(f.rule, f.encoding) for f in findings] == [("aws-access-key-id", "look-alike")]
    assert (findings[0].line, findings[0].col) == where(text, written)
    assert findings[0].masked == f"{AWS_KEY_ID[:4]}*** ({len(AWS_KEY_ID)} chars)"
    assert findings[0].fingerprint == scan_text(f"id {AWS_KEY_ID}")[0].fingerprint
    assert_masked(text, (written, AWS_KEY_ID))
    assert AWS_KEY_ID not in redact(text) and written not in redact(text)


@pytest.mark.parametrize("text", [
    "ᴛʜᴇ ᴋᴇʏ ɪᴅ ꜱᴛᴀʀᴛꜱ ᴡɪᴛʜ ᴀᴋɪᴀ ᴀɴᴅ ʜᴀꜱ 20 ᴄʜᴀʀᴀᴄᴛᴇʀꜱ.",
    "ᴀᴋɪᴀ0x1f EXAMPLEKEY ᴄᴏɴꜰɪɢ_ᴋᴇʏ_ɪᴅ",
    "ʀᴇᴀᴅᴍᴇ: ꜱᴇᴇ ᴅᴏᴄꜱ/ᴀᴡꜱ.ᴍᴅ ꜰᴏʀ ᴀᴋɪᴀ ᴋᴇʏꜱ (ɴᴇᴠᴇʀ ᴄᴏᴍᴍɪᴛ ᴛʜᴇᴍ).",
])
def test_capitals_read_from_small_capitals_in_prose_stay_clean(text: str) -> None:
    assert scan_text(text) == []


@pytest.mark.parametrize("padded", [True, False], ids=["padded", "unpadded"])
@pytest.mark.parametrize("inner, rule", [
    pytest.param(f"export GH_TOKEN={TOKEN}", "github-pat", id="token"),
    pytest.param(f"DB_PASSWORD='{PASSWORD}'", "password-assignment", id="password"),
])
def test_base32_in_lower_case_is_decoded(inner: str, rule: str, padded: bool) -> None:
    """Encoders can write base32 in lower case, and every decoder reads it so."""
    run = base64.b32encode(inner.encode()).decode().lower()
    run = run if padded else run.rstrip("=")
    text = f"restore: echo {run} | base32 -d >> .env"
    findings = scan_text(text)
    assert [(f.rule, f.encoding) for f in findings] == [(rule, "base32")]
    assert (findings[0].line, findings[0].col) == where(text, run)
    assert_masked(text, (TOKEN, PASSWORD, run))


@pytest.mark.parametrize("text", [
    "see docs/configurationmanagement/overviewsandtutorials.md",
    "the word antidisestablishmentarianism and pneumonoultramicroscopic are long",
    _b32_lines(random.Random(6).randbytes(60), 200).lower(),
    base64.b32encode(b"The runbook is in the wiki; ask on-call for access.").decode().lower(),
])
def test_lower_case_runs_that_are_not_base32_of_a_secret_stay_clean(text: str) -> None:
    assert scan_text(text) == []


@pytest.mark.parametrize("template", [
    "nexus.deploy.pass={}",
    "maven.repo.pass: {}",
    "spring.rabbitmq.pass={}",
    "NEXUS_DEPLOY_PASS={}",
    "artifactory_pass = '{}'",
    "gpg.signing.pass={}",
    "ldap.bind.pass: {}",
])
def test_pass_after_a_word_that_holds_a_credential_is_a_password(template: str) -> None:
    assert_one_finding(template.format(PASSWORD), "password-assignment")


@pytest.mark.parametrize("text", [
    "deploy_pass = first_pass",
    "release pass: 12 of 14 suites passed",
    "repo.pass = compile.pass",
    f"render.pass = {PASSWORD}",
    f"second.pass: {PASSWORD}",
    "nexus.deploy.pass=${NEXUS_PASSWORD}",
])
def test_pass_that_is_not_a_password_stays_clean(text: str) -> None:
    assert scan_text(text) == []


# Passwords on the command lines of archivers, LDAP, SMB, FTP and OpenSSL, and in code.
COMMAND_AND_CODE = [
    ("smbclient", "smbclient //files/share -U alice%{}", "cli-credentials"),
    ("lftp", "lftp -u alice,{} ftp.example.com", "cli-credentials"),
    ("ldapsearch", "ldapsearch -x -D cn=admin,dc=example,dc=org -w {} -b dc=example,dc=org", "cli-credentials"),
    ("ldapmodify-quoted", "ldapmodify -D cn=admin -w '{}' -f change.ldif", "cli-credentials"),
    ("openssl-k", "openssl enc -d -aes-256-cbc -k {} -in backup.enc -out backup.tar", "cli-credentials"),
    ("openssl-pass", "openssl enc -aes-256-cbc -pass pass:{} -in backup.tar", "password-assignment"),
    ("zip", "zip -r -P {} backup.zip data/", "cli-credentials"),
    ("unzip", "unzip -P {} backup.zip", "cli-credentials"),
    ("7z", "7z a -p{} -mhe=on backup.7z data/", "cli-credentials"),
    ("rar-hp", "rar a -hp{} backup.rar data/", "cli-credentials"),
    ("powershell", '$pw = ConvertTo-SecureString "{}" -AsPlainText -Force', "password-assignment"),
    ("powershell-string", "ConvertTo-SecureString -String '{}' -AsPlainText -Force", "password-assignment"),
    ("requests-auth", 'requests.get(url, auth=("alice", "{}"))', "password-assignment"),
    ("httpx-auth-spaces", "httpx.get(url, auth = ('alice', '{}'))", "password-assignment"),
    ("http-basic-auth", 'HTTPBasicAuth("alice", "{}")', "password-assignment"),
    ("aiohttp-basic-auth", 'aiohttp.BasicAuth("alice", "{}")', "password-assignment"),
    ("network-credential", 'new NetworkCredential("alice", "{}")', "password-assignment"),
    ("gh-secret-set", "gh secret set DEPLOY_TOKEN --body {}", "cli-credentials"),
    ("gh-secret-set-b", "gh secret set DEPLOY_TOKEN -b '{}'", "cli-credentials"),
    ("ansible-become", "ansible_become_pass: {}", "password-assignment"),
    ("rabbitmq-default-pass", "RABBITMQ_DEFAULT_PASS={}", "password-assignment"),
    ("wpa-supplicant-psk", 'network={{\n  ssid="office"\n  psk="{}"\n}}', "password-assignment"),
    ("wpa-psk-env", "WPA_PSK={}", "password-assignment"),
    ("mysql-set-password", "SET PASSWORD FOR 'app'@'%' = '{}';", "password-assignment"),
    ("go-mysql-dsn", 'dsn := "app:{}@tcp(db:3306)/orders?parseTime=true"', "password-assignment"),
    ("go-mysql-dsn-unix", "DSN=app:{}@unix(/var/run/mysqld/mysqld.sock)/orders", "password-assignment"),
]


@pytest.mark.parametrize("template, rule", [pytest.param(t, r, id=i) for i, t, r in COMMAND_AND_CODE])
def test_a_password_given_to_a_command_or_an_http_client_is_found(template: str, rule: str) -> None:
    assert_one_finding(template.format(PASSWORD), rule)


@pytest.mark.parametrize("text", [
    "7z a -p backup.7z data/",  # asks for the password
    "rar a -hp backup.rar data/",
    "zip -r -p backup.zip data/",
    "ldapsearch -x -W -D cn=admin -b dc=example,dc=org",
    "grep -w password notes.txt",
    "ssh -k deploy@host",
    "ls -u alice,bob",
    "smbclient //files/share -U alice",
    "smbclient //files/share -U alice%$SMB_PASSWORD",
    "openssl enc -d -aes-256-cbc -kfile key.txt -in backup.enc",
    "$s = ConvertTo-SecureString $encrypted",
    '$s = ConvertTo-SecureString "01000000d08c9ddf0115d1118c7a00c04fc297eb01000000" -Key $key',
    'requests.get(url, auth=("alice", password))',
    'requests.get(url, auth=("alice", "<password>"))',
    'HTTPBasicAuth("alice", os.environ["API_PASSWORD"])',
    "a credential (\"see\", \"the docs\") here",
    "git checkout -b feature/login-flow",
    'gh secret set DEPLOY_TOKEN --body "$TOKEN"',
    "psk: see the wifi card in the office",
    "psk_length = 64",
    "db_migration_pass = 3",
    "default_pass = True",
    "SET PASSWORD FOR 'app'@'%' = PASSWORD('old');",
    "set password for the admin account in the settings page",
    'sql.Open("mysql", "root:@tcp(127.0.0.1:3306)/test")',
    'dsn := user + ":" + pass + "@tcp(" + host + ")/db"',
    "app:${DB_PASSWORD}@tcp(db:3306)/orders",
])
def test_commands_and_code_without_a_password_stay_clean(text: str) -> None:
    assert scan_text(text) == []


@pytest.mark.parametrize("text", [
    "openssl enc -aes-256-cbc -pass env:BACKUP_PASSPHRASE -in backup.tar",
    "openssl enc -aes-256-cbc -pass file:/run/secrets/backup-key -in backup.tar",
    "openssl pkcs12 -in a.p12 -passin fd:3",
    "openssl rsa -in key.pem -passin stdin",
])
def test_openssl_pass_phrase_sources_that_name_where_it_is_kept_stay_clean(text: str) -> None:
    assert scan_text(text) == []


def test_a_wireguard_preshared_key_is_a_secret() -> None:
    key = base64.b64encode(random.Random(3).randbytes(32)).decode()
    text = f"[Peer]\nPublicKey = {base64.b64encode(random.Random(4).randbytes(32)).decode()}\nPresharedKey = {key}\n"
    findings = scan_text(text)
    assert [(f.rule, f.line) for f in findings] == [("secret-assignment", 3)]
    assert (findings[0].line, findings[0].col) == where(text, key)
    assert_masked(text, (key,))


# Chinese, Japanese and Korean keys: a value after a space (when it holds a digit or symbol, as
# after an English key), in full-width brackets or quotes; Korean's words for password.
CJK_MORE = [
    ("zh-space", "账号 admin 密码 {}", "password-assignment"),
    ("zh-key-space", "API 密钥 {}", "secret-assignment"),
    ("zh-ideographic-space", "密码\u3000{}", "password-assignment"),
    ("zh-bracket", "测试账号的密码（{}）别外传", "password-assignment"),
    ("zh-quote", "密码“{}”", "password-assignment"),
    ("ko", "비밀번호: {}", "password-assignment"),
    ("ko-katakana-loan", "패스워드 = {}", "password-assignment"),
    # the key itself in CJK quotes or brackets, as "password": … in JSON
    ("zh-corner-quoted-key", "「密码」：「{}」", "password-assignment"),
    ("zh-corner-quoted-key-bare", "「密码」：{}", "password-assignment"),
    ("zh-curly-quoted-key", "“密码”：“{}”", "password-assignment"),
    ("ja-double-corner-key", "『パスワード』：『{}』", "password-assignment"),
    ("zh-lenticular-key", "【密码】：{}", "password-assignment"),
    ("en-corner-quoted-key", "「password」：「{}」", "password-assignment"),
    ("zh-tortoise-key", "〖密码〗：{}", "password-assignment"),
    ("zh-double-angle-key", "《密码》：{}", "password-assignment"),
    ("ja-api-key", "「APIキー」：{}", "secret-assignment"),
    ("ja-secret", "シークレット: {}", "secret-assignment"),
    ("zh-tw-key", "金鑰：{}", "secret-assignment"),
    ("ko-encryption-key", "암호키: {}", "secret-assignment"),
    ("ko-token", "토큰 = {}", "secret-assignment"),
]


@pytest.mark.parametrize("template, rule", [pytest.param(t, r, id=i) for i, t, r in CJK_MORE])
def test_cjk_keys_with_a_space_a_bracket_or_in_korean(template: str, rule: str) -> None:
    assert_one_finding(template.format(PASSWORD), rule)


@pytest.mark.parametrize("text", [
    "密码 已经更新，请到保险库查看",
    "密码 reset 流程见 wiki",
    "新密码 policy 要求至少 12 位",
    "密钥 rotation 每季度一次",
    "密码（见运维手册）",
    "비밀번호 변경은 관리자에게 문의하세요",
    "密码 ${DB_PASSWORD}",
    "「密码」是什么意思？",
    "“token”这个词的意思是令牌",
    "「密码」一栏填 8 位以上",
    "APIキーの取得方法はドキュメント参照",
    "ショートカットキー：Ctrl+S",
    "“密码”：见运维手册",
    "【密钥】：在 Vault 的 kv/prod 下",
])
def test_cjk_keys_followed_by_prose_stay_clean(text: str) -> None:
    assert scan_text(text) == []


OTHER_PASSWORD = "Zr8$mNp3Qw7!xT"
TABLES = [
    ("three-columns", f"| service | user | password |\n|---|---|---|\n| billing | app | {PASSWORD} |\n"
                      f"| search | es | {OTHER_PASSWORD} |\n", "password-assignment", 2),
    ("chinese-header", f"| 服务 | 账号 | 密码 |\n| --- | --- | --- |\n| 计费 | app | {PASSWORD} |\n", "password-assignment", 1),
    ("api-key-backticks", f"| name | API key |\n|:--|:--|\n| maps | `{PASSWORD}` |\n", "secret-assignment", 1),
    ("no-outer-pipes", f"text before\n| user | password\n|---|---\n| app | {PASSWORD}\n", "password-assignment", 1),
    ("second-table", f"| a | b |\n|---|---|\n| x | y |\n\n| host | token |\n|---|---|\n| ci | {PASSWORD} |\n",
     "secret-assignment", 1),
]


@pytest.mark.parametrize("text, rule, n", [pytest.param(t, r, n, id=i) for i, t, r, n in TABLES])
def test_a_markdown_table_with_a_password_column_is_read_row_by_row(text: str, rule: str, n: int) -> None:
    findings = scan_text(text)
    assert [f.rule for f in findings] == [rule] * n
    assert (findings[0].line, findings[0].col) == where(text, PASSWORD)
    if n == 2:
        assert (findings[1].line, findings[1].col) == where(text, OTHER_PASSWORD)
    assert_masked(text, (PASSWORD, OTHER_PASSWORD))
    assert PASSWORD not in redact(text) and OTHER_PASSWORD not in redact(text)


@pytest.mark.parametrize("text", [
    "| key | value |\n|---|---|\n| timeout | 30s |\n| region | eu-west-1 |\n",
    "| service | password |\n|---|---|\n| billing | see the vault |\n| search | ${ES_PASSWORD} |\n",
    "| setting | token_type |\n|---|---|\n| auth | bearer12345678 |\n",
    f"| a | b |\n|---|---|\n| x | {PASSWORD} |\n",
    f"| user | password |\n| app | {PASSWORD} |\n",  # no rule line: not a table
    "| id | summary |\n|---|---|\n| facts/token-rotation | Tokens rotate monthly; ask ops for the password |\n",
    # a credential column holding notes about one: Chinese prose, an assignment of a placeholder
    "| service | credential | updated |\n|---|---|---|\n| ci | 会话编号：26f89264-f879-430b-a491-5abef7ab5392。 | 2025-06-01 |\n",
    "| service | credential | updated |\n|---|---|---|\n| ci | 令牌文件：~/.config/gh/hosts.yml | 2025-06-01 |\n",
    '| service | credential | updated |\n|---|---|---|\n| ci | OPENAI_API_KEY="your-api-key-here" | 2025-06-01 |\n',
])
def test_tables_without_a_secret_in_a_password_column_stay_clean(text: str) -> None:
    assert scan_text(text) == []


@pytest.mark.parametrize("text, n", [
    pytest.param(f"name,url,username,password\nGitHub,https://github.com/login,alice,{PASSWORD}\n"
                 f"Bank,https://bank.example,alice,{OTHER_PASSWORD}\n", 2, id="browser-export"),
    pytest.param(f"service,user,password,note\nbilling,app,{PASSWORD},rotated\n", 1, id="password-mid-row"),
    pytest.param(f"id,token\r\n1,{PASSWORD}\r\n", 1, id="crlf-token"),
])
def test_a_csv_with_a_password_column_is_read_row_by_row(text: str, n: int) -> None:
    findings = scan_text(text, "export.csv")
    assert len(findings) == n and (findings[0].line, findings[0].col) == where(text, PASSWORD)
    if n == 2:
        assert (findings[1].line, findings[1].col) == where(text, OTHER_PASSWORD)
    assert_masked(text, (PASSWORD, OTHER_PASSWORD))


@pytest.mark.parametrize("text", [
    "name,url,username,password\nGitHub,https://github.com,alice,\n",
    "name,password_policy\nx,at least 12\n",
    "a,b,password\n1,2,see vault\n",
    f"col1,col2\nx,{PASSWORD}\n",
    "id,summary,token_type\n1,note,bearer\n",
])
def test_csv_without_a_secret_in_a_password_column_stays_clean(text: str) -> None:
    assert scan_text(text, "export.csv") == []


# Passwords that no flag or key names: htpasswd's last word after -b, ssh-keygen's -N / -P values.
COMMAND_ARGS = [
    ("htpasswd-b", "htpasswd -b /etc/nginx/.htpasswd alice {}"),
    ("htpasswd-bc-quoted", "htpasswd -bc .htpasswd alice '{}'"),
    ("htpasswd-cb", "htpasswd -cb .htpasswd alice {}"),
    ("htpasswd-nb-no-file", "htpasswd -nb alice {}"),
    ("htpasswd-cost-option", "htpasswd -B -C 12 -b .htpasswd alice {}"),
    ("htpasswd-sudo-double-quoted", 'sudo htpasswd -b -B /etc/apache2/.htpasswd admin "{}"'),
    ("ssh-keygen-N-quoted", "ssh-keygen -t ed25519 -N '{}' -f ~/.ssh/deploy"),
    ("ssh-keygen-N-bare", "ssh-keygen -t ed25519 -N {} -C deploy@ci"),
    ("ssh-keygen-N-glued-quoted", 'ssh-keygen -q -t rsa -b 4096 -N"{}" -f key'),
    ("ssh-keygen-in-prose", "rotated the deploy key with `ssh-keygen -f deploy -N {}` yesterday"),
    ("htpasswd-continued", "htpasswd -bc .htpasswd \\\n  admin {}"),
    ("ssh-keygen-continued", "ssh-keygen -t ed25519 -f k \\\n  -N '{}'"),
    ("htpasswd-then-prose", "I ran htpasswd -b .htpasswd admin {} to add the user."),
    ("ssh-keygen-glued-separator", "ssh-keygen -f k -N {};echo done"),
]


@pytest.mark.parametrize("template", [pytest.param(t, id=i) for i, t in COMMAND_ARGS])
def test_a_password_given_to_htpasswd_or_ssh_keygen_is_found(template: str) -> None:
    assert_one_finding(template.format(PASSWORD), "cli-credentials")


def test_ssh_keygen_changing_a_passphrase_gives_both_old_and_new() -> None:
    new = "Zz8$newPassw0rd"
    text = f"ssh-keygen -p -P {PASSWORD} -N '{new}' -f id_rsa"
    findings = scan_text(text)
    assert [(f.rule, f.line, f.col) for f in findings] == [("cli-credentials", *where(text, PASSWORD)),
                                                          ("cli-credentials", *where(text, new))]
    assert_masked(text, (PASSWORD, new))


@pytest.mark.parametrize("text", [
    "htpasswd -c .htpasswd alice",  # prompts
    "htpasswd -B .htpasswd alice",
    "htpasswd -D .htpasswd alice",
    "htpasswd -v .htpasswd alice",
    "htpasswd -b .htpasswd alice $HTPASS",
    'htpasswd -nb alice "$PASSWORD"',
    "run htpasswd -b when scripting (see man page)",  # not the command's arguments
    "mkhtpasswd -b file alice Xq7#kLp2Vw9!zR",  # another command
    "ssh-keygen -t ed25519 -N '' -f ~/.ssh/deploy",  # no passphrase
    'ssh-keygen -t ed25519 -N "" -C ci',
    "ssh-keygen -R github.com",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub",
    "ssh-keygen -t rsa -b 4096 -C alice@example.com -f deploy_key",
    "ssh-keygen -N $KEY_PASSPHRASE -f key",
    "ssh-keygen -p -f id_rsa  # prompts for the old and new passphrase",
    # another command after a separator glued to a word: its -N / -P are not ssh-keygen's
    "ssh-keygen -f key; ssh -N jumphost-production-eu1",
    "ssh-keygen -f key; autossh -M 0 -N jumphost-production-eu1",
    "ssh-keygen -t ed25519 -f key; pg_dump -N audit_schema_archive mydb",
    "ssh-keygen -f key&& pg_dump -N audit_schema_archive mydb",
    "ssh-keygen -t ed25519 -f key then psql -P pager=off -d x",
    # the words of a tutorial or a man page, not passphrases
    "ssh-keygen -p -N new_passphrase -P old_passphrase -f keyfile",
    "ssh-keygen generates keys; -P oldpassphrase and -N newpassphrase change it.",
    "docs: ssh-keygen -P passphrase -N new_passphrase",
    "ssh-keygen -p -N mynewpassphrase -f keyfile",
    "htpasswd -b .htpasswd admin then restart nginx",
])
def test_htpasswd_and_ssh_keygen_without_a_password_stay_clean(text: str) -> None:
    assert scan_text(text) == []


# A password written into a URL unescaped with "#" (a fragment, to a URL parser) is still the password.
@pytest.mark.parametrize("template", [
    "mysql://root:{}@db/app",
    "DATABASE_URL=postgres://app:{}@db:5432/app",
    "数据库连接：mysql://root:{}@db/app 生产环境",
    "redis://:{}@cache:6379/0",
])
def test_a_url_password_with_a_hash_is_found_whole(template: str) -> None:
    assert "#" in PASSWORD
    assert_one_finding(template.format(PASSWORD), "url-credentials")


@pytest.mark.parametrize("text", [
    "http://localhost:8080#section@foo",  # a port, then a fragment
    "https://example.com:443/#/login@home",
    "see http://host:8080#top and mail a@b.com",
    "https://docs.example.com/x#y:z@w",
    "git+ssh://git@github.com:org/repo.git#egg=pkg",
    "https://host:9000#L10-L20@main",
])
def test_urls_with_a_fragment_and_no_password_stay_clean(text: str) -> None:
    assert scan_text(text) == []


# A user and password written as a pair beside a word for logging in, with no key naming the password.
LOGIN_PAIRS = [
    ("zh-spaced-slash", "测试账号 admin / {}"),
    ("zh-colon-key", "测试账号：admin/{}"),
    ("login-colon", "login: admin / {}"),
    ("creds-colon-pair", "creds admin:{}"),
    ("login-is", "staging login is admin:{}"),
    ("account", "account: deploy / {}"),
    ("word-after", "admin / {} for the staging console login"),
    ("zh-word-after", "用 admin:{} 登录后台"),
    ("log-in-with", "log in with admin / {}."),
    ("email-user", "Jenkins account alice@example.com / {}"),
    ("fullwidth-slash", "后台账号 ops／{}"),
    ("sign-in", "Sign in as ops%{} on the VPN portal"),
    ("japanese", "ログイン admin / {}"),
    ("korean", "관리자 계정 admin / {}"),
    ("log-on", "log on as Administrator / {}"),
]


@pytest.mark.parametrize("template", [pytest.param(t, id=i) for i, t in LOGIN_PAIRS])
def test_a_user_and_password_pair_beside_a_login_word_is_found(template: str) -> None:
    assert_one_finding(template.format(PASSWORD), "password-assignment")


@pytest.mark.parametrize("text", [
    "login via GitHub/GitLab",
    "account: orders/2024-05",
    "login page is at https://admin.example.com:8443/login",
    "account id 123456789012/us-east-1",  # a slug, not a password
    "account: acme-corp/billing-service-v2",
    "account: aws:iam::123456789012:role/deploy",
    "account: arn:aws:iam::123:user/Alice",
    "login: Alice/Smith",
    "Login: AdminUser / SuperAdmin",
    "登录后跳转到 /dashboard",
    "sign in with okta:sso-app",
    "the login flow calls POST /api/v1/session",
    "登录 admin:admin",  # a default password
    "login: root / changeme",
    "account: ${USER}/${PASSWORD}",
    "login: alice / <password>",
    "login with user/password from the vault",
    "登录 git@github.com:org/repo.git",
    "sign in at http://localhost:3000/login",
    "login at 9:30AM",
    "account 42:1337",
    "blogin admin / Xq7#kLp2Vw9!zR",  # not the word login
    "login: admin\n\nXq7#kLp2Vw9!zR is the build id",  # another line
])
def test_login_words_without_a_password_pair_stay_clean(text: str) -> None:
    assert scan_text(text) == []


@pytest.mark.parametrize("text, rule", [
    ("credentials: admin:{}", "secret-assignment"),  # the key names it: reported as the key's rule, once
    ("登录用户名 admin 密码 {}", "password-assignment"),
])
def test_a_keyed_pair_beside_a_login_word_is_reported_once(text: str, rule: str) -> None:
    text = text.format(PASSWORD)
    assert [f.rule for f in scan_text(text)] == [rule]
    assert_masked(text, (PASSWORD,))


@pytest.mark.parametrize("url, password", [
    ("postgres://admin:2024#Spring!Xk9@db/app", "2024#Spring!Xk9"),  # digits before the "#" are no port here
    ("amqp://svc:123456789#Xk9mP2vQ7rTz@rabbit/", "123456789#Xk9mP2vQ7rTz"),
])
def test_a_url_password_of_digits_then_a_hash_is_found_whole(url: str, password: str) -> None:
    findings = scan_text(url)
    assert [(f.rule, f.col) for f in findings] == [("url-credentials", url.index(password) + 1)]
    assert findings[0].masked.endswith(f"({len(password)} chars)")
    assert_masked(url, (password,))


def test_a_login_pairs_password_of_lower_case_letters_and_digits_counts() -> None:
    text = "ログイン tester / k3j9x2m1qz"
    assert [(f.rule, f.col, f.masked) for f in scan_text(text)] == [("password-assignment", 15, "k3*** (10 chars)")]
    assert scan_text("login: alice/us-east-1") == [] == scan_text("login: ops / billing-service-v2")
