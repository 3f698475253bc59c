"""A fourth blind evaluation of the secret gate: one credential (or look-alike) per Markdown note.

Written blind by a reviewer from knowledge of credential formats (vendor token shapes,
config syntaxes, connection strings, key blocks, how people write passwords in notes),
without reading the scanner's code, its tests, its docs or its benchmarks: the reviewer
used only `memsync secrets --help`, `memsync secrets scan --help` and black-box runs. The
reviewer's three generators (gen.py, gen2.py, gen3.py) are ported here unchanged in what
they draw and write (their code kept as written, in its compact style, so it diffs against the
original): for the default seed this script writes the reviewer's 542 files byte for byte. Two draws of the reviewer's were unseeded (`os.urandom`: the Laravel APP_KEY
positive and the kubeconfig CA look-alike); under the default seed the reviewer's bytes
are embedded below (_REVIEWER_DRAWS), under any other seed they come from the seed too.
Fake credentials are built at run time from their format descriptions; documented public
examples are assembled from their parts, so this file holds no token whole (the APP_KEY draw
is kept as the hex of its bytes).

The set (bench/out/secrets_blind_notes/samples/, git-ignored; labels.jsonl beside the notes:
id, file, label, family, values, note, round):
  round 1  the families the reviewer was asked for: config syntaxes (.env, YAML, TOML, INI,
           JSON, XML, HCL, .properties, compose, Kubernetes, systemd, web servers), CLI
           flags, curl, headers, credential URLs, connection strings, .netrc/.npmrc/pip/
           docker auth, cloud and ~50 vendor token formats, private keys, JWTs, Chinese and
           English prose, tables, CSV, code; look-alikes: placeholders, doc examples,
           public keys, hashes and ids, base64 data, paths, versions, URLs, discussion,
           code references, ciphertext, lint output, misc
  round 2  harder variants: free prose, key names, platforms, CLIs, URLs, more vendors,
           encodings (base64 PEM, double base64), file formats (CRLF, BOM, UTF-16, GBK,
           long lines); look-alikes: placeholders and public values
  round 3  more look-alikes: config references, LLM settings, Chinese prose, ids
Labels: pos (a credential: the file must be flagged), neg (look-alike: the file must not
be flagged). A note containing "debatable" marks a sample whose label can be argued; the
strict column leaves those out.

Scoring, as the reviewer scored it: every file is scanned in its own process, once as
`python3 -m memsync secrets scan --json FILE` and once without --json (HOME an empty
folder, MEMSYNC_* unset, cwd outside any repository); exit 1 is a detection, 0 clean,
anything else an error. The two runs' exit codes must agree. No planted value (of 6 or
more characters, including the decoded form of base64 samples) may appear whole in any
stdout or stderr.

Run: python3 bench/secrets_blind_notes.py [--seed N] [--repo DIR] [--jobs N] [--no-write]
     [--section NAME] [--out DIR] [--gen-only]
--gen-only writes the set (and labels.jsonl) and stops; --out puts it elsewhere. --repo runs the scanner of another checkout (PYTHONPATH=DIR); the blind first run used a
clean clone at commit 27c68a9. It prints Markdown tables (per family: recall and false
positives; overall, all samples and without the debatable ones) and writes
bench/results/secrets_blind_notes.md, replacing only the section NAME (default: a
development-data section), so the first run is kept beside later ones.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import random
import re
import shutil
import string
import subprocess
import sys
import tempfile
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from bench.results_file import write_section  # noqa: E402
OUT = REPO / "bench" / "out" / "secrets_blind_notes"
RESULT = REPO / "bench" / "results" / "secrets_blind_notes.md"

DEFAULT_SEED = 20240611  # the reviewer's: round 1 Random(20240611), round 2 Random(777), round 3 Random(3)
AL = string.ascii_letters + string.digits
FENCE = "```"

# The reviewer's two os.urandom draws (round 2), embedded so the default seed gives the reviewer's files.
_REVIEWER_DRAWS = {
    "laravel": "7cf77d0fb6ded1396c5e0f7dc7b48bf389a9aae0f643fa84e011787e1d152c7c",
    "kubeconfig-ca": (
        "4a98c389ef0b5e676ae8dea877032185e8cc70aa93b751fd66a694a44b9f7228d35b155f27a79977a309860ba406c99f0fcd"
        "36bfa45be33e525329fc0d533e79ff5c936ce5e8cb60947425458b7e9146493d302f2ae382ca8152b1e8cb20cd43f7c6eb91"
        "fb2eaa03ab26041f7e5e222eec14eae963cc4704496f7c10ca9e4ee33faefa9f5af2f764c20d9f23bec60ac1c738d088df96"
        "bf751545cd5cb0e841ae97f7217b61d037947bc80141bbbe4c7977871a0a1c26ee081bb0ee46a97beb476a88542a32e0346c"
        "772136a70b736f8058a8b2d5ac3c9c6920274dcc685323fc8974ccfe0e31ae25d98979adcdae71b9267a1b96f39c236a7cd1"
        "a0047867a3236b035025afaf606fd1034c85dcfd799b11919e7c137cf8913a89cb1da2a22978b392ddbf49de24f6e31492ba"
        "3a61a5f22d796f08f6d1b513d948b9a4ddcab24af758703d859a8992c8b819537124ed0093a4127e3c4481b53b4b9af93376"
        "1f03b7be964ccab010be04798a54a0605d029a4f3188ec5426fd0531aace9cfcf7dc63d82f91f1f23e79c7d95093bb44cd5a"
        "fdb6d85f5dd9a71cadc267a0a0ce9b484663641f9faac4af0fca825e0b6d382525385398ea8ac8b7414153fdf4fe34f365d1"
        "0a0cad02f3b96847b785b6e30d9e7c710cec2842917706a898a664a1d62105b2a826339af87abf645cdbb9e95100a580245a"
        "ac01e1ea1c6a459e14bbfb2fbe7fada9e6e5fd6e420389d8eede341c467f05fe8b62bc2e53d32a2e10d75b55081d8debaa9e"
        "5f66da4e863f83bf412f425115aeed82c9b64bebd121819c73833ce41a2b45c4966f66f9af126fb1643128073717db3fef46"
    ),
}


def round_seeds(seed: int) -> tuple[int, int, int]:
    return (20240611, 777, 3) if seed == DEFAULT_SEED else (seed, seed + 1, seed + 2)


def b64of(b: bytes) -> str:
    return base64.b64encode(b).decode()


def _kit(seed: int, base_seed: int) -> SimpleNamespace:
    """The reviewer's helpers (gen/gen.py preamble) over one seeded generator, unchanged."""
    R = random.Random(seed)
    samples: list[dict] = []
    extra = random.Random(f"{base_seed}:urandom")

    def urandom(n: int, name: str) -> bytes:
        if base_seed == DEFAULT_SEED:
            return bytes.fromhex(_REVIEWER_DRAWS[name])
        return extra.randbytes(n)

    def rs(n, al=AL): return ''.join(R.choice(al) for _ in range(n))
    def hx(n): return rs(n, '0123456789abcdef')
    def HX(n): return rs(n, '0123456789ABCDEF')
    def up(n): return rs(n, string.ascii_uppercase + string.digits)
    def b64(n): return rs(n, AL + '+/')
    def b64u(n): return rs(n, AL + '-_')

    def pw(n=16):
        # realistic strong password with symbols, guaranteed mix
        s = rs(n-3, AL + '!#%^*-_+=.') + R.choice('!#%^*') + R.choice(string.digits) + R.choice(string.ascii_lowercase)
        l = list(s); R.shuffle(l); return ''.join(l)

    def pwsafe(n=16):  # no shell/URL-special characters
        s = rs(n-2, AL + '-_.') + R.choice(string.digits) + R.choice(string.ascii_uppercase)
        l = list(s); R.shuffle(l); return ''.join(l)

    def jwt():
        h = base64.urlsafe_b64encode(json.dumps({"alg": "HS256", "typ": "JWT"}).encode()).decode().rstrip('=')
        p = base64.urlsafe_b64encode(json.dumps({"sub": str(R.randint(10**6, 10**7)), "name": "svc-"+rs(5).lower(), "iat": 1718000000+R.randint(0, 10**6), "role": "admin"}).encode()).decode().rstrip('=')
        return h + '.' + p + '.' + b64u(43)

    def pem_body(nlines=12, last=None):
        lines = [b64(64) for _ in range(nlines)]
        lines.append(b64(R.randint(20, 60)) + ('=' if R.random() < .5 else ''))
        return '\n'.join(lines)

    def P(fam, text, values, note=''):
        samples.append(dict(label='pos', family=fam, text=text, values=values if isinstance(values, list) else [values], note=note))

    def N(fam, text, note=''):
        samples.append(dict(label='neg', family=fam, text=text, values=[], note=note))

    def wrap(title, body, lang='', intro=None, zh=False):
        if intro is None:
            intro = R.choice(['Setup notes from today\'s session.', 'Learned while debugging the staging deploy.',
                              'Keep this handy for next time.', 'Context for the billing service.']) if not zh else \
                R.choice(['今天调试部署时记录的。', '备忘：下次直接用。', '给自己留个笔记。'])
        return f"# {title}\n\n{intro}\n\n{FENCE}{lang}\n{body}\n{FENCE}\n"

    def prose(title, line, zh=False):
        return f"# {title}\n\n{line}\n"

    return SimpleNamespace(R=R, samples=samples, urandom=urandom, rs=rs, hx=hx, HX=HX, up=up, b64=b64, b64u=b64u,
                           pw=pw, pwsafe=pwsafe, jwt=jwt, pem_body=pem_body, P=P, N=N, wrap=wrap, prose=prose)


def _unpack(k: SimpleNamespace) -> tuple:
    return (k.R, k.samples, k.P, k.N, k.rs, k.hx, k.HX, k.up, k.b64, k.b64u, k.pw, k.pwsafe, k.jwt, k.pem_body,
            k.wrap, k.prose)


# ---------------------------------------------------------------- round 1 (the reviewer's gen/gen.py)
def round1(seed: int, base_seed: int) -> list[dict]:
    kit = _kit(seed, base_seed)
    R, samples, P, N, rs, hx, HX, up, b64, b64u, pw, pwsafe, jwt, pem_body, wrap, prose = _unpack(kit)
    # ---------------- POSITIVES ----------------
    # dotenv
    v=pw(18); P('dotenv', wrap('Local env', f'DATABASE_URL_HOST=db.internal\nDATABASE_PASSWORD={v}\nLOG_LEVEL=debug', 'bash'), v)
    v=pwsafe(24); P('dotenv', wrap('Shell profile', f'export API_SECRET="{v}"', 'sh'), v)
    v=hx(40); P('dotenv', wrap('.env for worker', f"AUTH_TOKEN='{v}'", 'dotenv'), v)
    v=pwsafe(20); P('dotenv', f"# Redis\n\nThe worker reads `REDIS_PASSWORD={v}` from `.env`.\n", v, 'inline code in prose')
    v=b64(44); P('dotenv', wrap('.env', f'export SESSION_SECRET={v}', ''), v)
    v=pwsafe(14); P('dotenv', wrap('smtp', f'SMTP_USER=mailer@example.org\nSMTP_PASS={v}', 'ini'), v)
    v='django-insecure-'+rs(50, string.ascii_lowercase+string.digits+'!@#$%^&*(-_=+)'); P('dotenv', wrap('Django', f"SECRET_KEY='{v}'", 'python'), v)
    # yaml
    v=pw(16); P('yaml', wrap('config.yaml', f'database:\n  host: db.prod.internal\n  user: app\n  password: {v}', 'yaml'), v)
    v=pwsafe(22); P('yaml', wrap('settings', f'smtp:\n  password: "{v}"', 'yaml'), v)
    v=hx(32); P('yaml', wrap('app.yml', f"api_key: '{v}'", 'yaml'), v)
    v=b64u(40); P('yaml', wrap('oauth', f'oauth:\n  client_id: 8812-web\n  client_secret: {v}', 'yaml'), v)
    v=pwsafe(18); P('yaml', wrap('ansible group_vars', f'ansible_become_pass: {v}', 'yaml'), v)
    # toml
    v=pw(20); P('toml', wrap('Cargo / app config', f'[database]\nurl = "db.internal:5432"\npassword = "{v}"', 'toml'), v)
    v=b64u(48); P('toml', wrap('pyproject tool config', f'[tool.deploy]\ntoken = "{v}"', 'toml'), v)
    v=hx(64); P('toml', wrap('netlify', f"[auth]\nsecret_key = '{v}'", 'toml'), v)
    # ini
    v=pw(16); P('ini', wrap('my.cnf', f'[client]\nuser=backup\npassword={v}', 'ini'), v)
    v=pwsafe(20); P('ini', wrap('php.ini style', f'[mail]\nsmtp_password = {v}', 'ini'), v)
    v=b64(32); P('ini', wrap('odbc.ini', f'[ldap]\nbind_dn = cn=svc,dc=corp\nbind_password = {v}', 'ini'), v)
    # json
    v=pw(18); P('json', wrap('appsettings', f'{{\n  "db": {{\n    "user": "app",\n    "password": "{v}"\n  }}\n}}', 'json'), v)
    v=rs(39); P('json', wrap('firebase-ish', f'{{"apiKey": "{v}", "projectId": "demo-app"}}', 'json'), v)
    v=b64u(43); P('json', wrap('oauth client', f'{{"client_id": "web-812", "client_secret": "{v}"}}', 'json'), v)
    v=hx(40); P('json', wrap('vscode settings', f'{{\n  "sonarlint.token": "{v}"\n}}', 'jsonc'), v)
    # xml
    v=pw(16); P('xml', wrap('maven settings.xml', f'<server>\n  <id>nexus</id>\n  <username>deploy</username>\n  <password>{v}</password>\n</server>', 'xml'), v)
    v=b64(40); P('xml', wrap('web.config', f'<appSettings>\n  <add key="ApiSecret" value="{v}" />\n</appSettings>', 'xml'), v)
    v=pwsafe(18); P('xml', wrap('tomcat-users', f'<user username="manager" password="{v}" roles="manager-gui"/>', 'xml'), v)
    # hcl
    v=pw(20); P('hcl', wrap('terraform rds', f'resource "aws_db_instance" "main" {{\n  engine   = "postgres"\n  username = "app"\n  password = "{v}"\n}}', 'hcl'), v)
    v=hx(64); P('hcl', wrap('terraform provider', f'provider "cloudflare" {{\n  api_token = "{v}"\n}}', 'hcl'), v)
    v=pwsafe(24); P('hcl', wrap('terraform.tfvars', f'db_admin_password = "{v}"', 'hcl'), v)
    # properties
    v=pw(16); P('properties', wrap('application.properties', f'spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.username=app\nspring.datasource.password={v}', 'properties'), v)
    v=pwsafe(20); P('properties', wrap('gradle.properties', f'signing.password = {v}\nossrhPassword={pwsafe(12)}', 'properties'), v)
    v=b64(40); P('properties', wrap('kafka client', f'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="svc" password="{v}";', 'properties'), v)
    # docker-compose
    v=pwsafe(20); P('compose', wrap('docker-compose.yml', f'services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=app\n      - POSTGRES_PASSWORD={v}', 'yaml'), v)
    v=pw(18); P('compose', wrap('compose mysql', f'  mysql:\n    image: mysql:8\n    environment:\n      MYSQL_ROOT_PASSWORD: "{v}"', 'yaml'), v)
    v=hx(40); P('compose', wrap('compose api', f'    environment:\n      - "API_TOKEN={v}"', 'yaml'), v)
    # k8s
    v=pwsafe(20); P('k8s', wrap('k8s secret', f'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\nstringData:\n  password: {v}', 'yaml'), v)
    raw=pwsafe(18); v=b64of(raw.encode()); P('k8s', wrap('k8s secret data', f'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ndata:\n  username: YXBw\n  password: {v}', 'yaml'), [v, raw], 'base64 data field')
    v=pw(16); P('k8s', wrap('deployment env', f'      containers:\n        - name: api\n          env:\n            - name: DB_PASSWORD\n              value: "{v}"', 'yaml'), v, 'name/value split over two lines')
    # systemd
    v=pwsafe(20); P('systemd', wrap('unit file', f'[Service]\nExecStart=/usr/bin/app\nEnvironment="DB_PASSWORD={v}"', 'ini'), v)
    v=hx(40); P('systemd', wrap('unit override', f'[Service]\nEnvironment=API_TOKEN={v} LOG_LEVEL=info', 'ini'), v)
    # nginx/apache
    raw='admin:'+pwsafe(16); v=b64of(raw.encode()); P('webserver', wrap('nginx upstream auth', f'location /api/ {{\n    proxy_pass http://backend;\n    proxy_set_header Authorization "Basic {v}";\n}}', 'nginx'), [v, raw])
    v=b64u(40); P('webserver', wrap('apache header', f'RequestHeader set Authorization "Bearer {v}"', 'apache'), v)
    v='$2y$05$'+rs(53, AL+'./'); P('webserver', wrap('.htpasswd', f'deploy:{v}', ''), v, 'bcrypt htpasswd entry (hash, debatable)')
    # shell flags
    v=pwsafe(14); P('shell-flag', wrap('mysql', f'mysql -h db.internal -u root -p{v} app_prod', 'bash'), v)
    v=pw(16); P('shell-flag', wrap('mysqldump', f"mysqldump --user=backup --password='{v}' --all-databases > all.sql", 'bash'), v)
    v=pwsafe(18); P('shell-flag', wrap('sshpass', f"sshpass -p '{v}' ssh ops@10.0.3.7", 'bash'), v)
    v=pwsafe(20); P('shell-flag', wrap('redis-cli', f'redis-cli -h cache.internal -a {v} INFO', 'bash'), v)
    v=pwsafe(18); P('shell-flag', wrap('docker login', f'docker login registry.corp.example -u ci -p {v}', 'bash'), v)
    v=pwsafe(16); P('shell-flag', wrap('psql', f'PGPASSWORD={v} psql -h db.internal -U app app_prod', 'bash'), v)
    v=pwsafe(16); P('shell-flag', f"# keytool\n\nImported with `keytool -importkeystore -srcstorepass {v} -deststorepass {v}`.\n", v)
    # curl
    v=pwsafe(16); P('curl', wrap('curl basic', f'curl -u admin:{v} https://jenkins.corp.example/api/json', 'bash'), v)
    v=b64u(40); P('curl', wrap('curl bearer', f'curl -sS -H "Authorization: Bearer {v}" https://api.internal.example/v1/jobs', 'bash'), v)
    v=pwsafe(18); P('curl', wrap('curl --user', f"curl --user 'deploy:{v}' -X POST https://nexus.corp.example/service/rest/v1/components", 'bash'), v)
    # http headers
    raw='svc:'+pwsafe(16); v=b64of(raw.encode()); P('header', wrap('raw request', f'GET /v1/items HTTP/1.1\nHost: api.corp.example\nAuthorization: Basic {v}', 'http'), [v, raw])
    v=b64u(48); P('header', prose('API notes', f'All calls need `Authorization: Bearer {v}`.'), v)
    v=hx(32); P('header', wrap('api key header', f'X-API-Key: {v}', 'http'), v)
    # git credential URLs
    v=pwsafe(18); P('git-url', wrap('clone', f'git clone https://jdoe:{v}@git.corp.example/platform/api.git', 'bash'), v)
    v='ghs_'+rs(36); P('git-url', wrap('actions clone', f'git remote set-url origin https://x-access-token:{v}@github.com/acme/infra.git', 'bash'), v)
    v='glpat-'+rs(20, AL+'-_'); P('git-url', prose('gitlab mirror', f'Mirror URL: https://oauth2:{v}@gitlab.com/acme/tools.git'), v)
    v=pwsafe(16); P('git-url', wrap('~/.git-credentials', f'https://jdoe:{v}@bitbucket.org', ''), v)
    # connection strings
    v=pwsafe(18); P('connstr', wrap('pg', f'DATABASE_URL=postgres://app:{v}@db.prod.internal:5432/app', 'bash'), v)
    v=pwsafe(16); P('connstr', prose('pg url', f'Connect with postgresql://readonly:{v}@10.1.2.3/analytics?sslmode=require'), v)
    v=pwsafe(16); P('connstr', wrap('mysql', f'mysql://root:{v}@mysql.internal:3306/shop', ''), v)
    v=pwsafe(20); P('connstr', wrap('mongo', f'MONGO_URI="mongodb+srv://svc-api:{v}@cluster0.ab12c.mongodb.net/prod?retryWrites=true"', 'bash'), v)
    v=pwsafe(24); P('connstr', wrap('redis', f'redis://:{v}@cache.internal:6379/0', ''), v)
    v=pwsafe(20); P('connstr', wrap('rediss', f'REDIS_URL=rediss://default:{v}@eu1-redis.upstash.io:6379', 'bash'), v)
    v=pwsafe(16); P('connstr', wrap('amqp', f'amqp://worker:{v}@rabbit.internal:5672/%2f', ''), v)
    v=pw(16); P('connstr', wrap('mssql', f'Server=tcp:sql.corp.example,1433;Database=Orders;User Id=sa;Password={v};TrustServerCertificate=True;', ''), v)
    v=pwsafe(16); P('connstr', wrap('jdbc', f'jdbc:postgresql://db.internal:5432/app?user=app&password={v}&ssl=true', ''), v)
    v=pwsafe(16); P('connstr', wrap('jdbc mssql', f'jdbc:sqlserver://sql01:1433;databaseName=hr;user=svc_hr;password={v};encrypt=true', ''), v)
    v=pw(14); P('connstr', wrap('odbc', f'Driver={{ODBC Driver 18 for SQL Server}};Server=sql01;UID=report;PWD={v};', ''), v)
    v=pwsafe(16); P('connstr', wrap('sqlalchemy', f'engine = create_engine("mysql+pymysql://etl:{v}@warehouse:3306/dw")', 'python'), v)
    # netrc
    v=pwsafe(20); P('netrc', wrap('~/.netrc', f'machine api.heroku.com\n  login jdoe@example.org\n  password {v}', ''), v)
    v=pwsafe(16); P('netrc', wrap('netrc one line', f'machine artifacts.corp.example login ci password {v}', ''), v)
    # npmrc
    v='npm_'+rs(36); P('npmrc', wrap('.npmrc', f'//registry.npmjs.org/:_authToken={v}', 'ini'), v)
    v='ghp_'+rs(36); P('npmrc', wrap('.npmrc gh packages', f'@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={v}', 'ini'), v)
    raw=pwsafe(16); v=b64of(raw.encode()); P('npmrc', wrap('.npmrc nexus', f'//nexus.corp.example/repository/npm/:_password={v}\n//nexus.corp.example/repository/npm/:username=ci', 'ini'), [v, raw])
    raw='ci:'+pwsafe(16); v=b64of(raw.encode()); P('npmrc', wrap('.npmrc legacy', f'_auth={v}\nalways-auth=true', 'ini'), [v, raw])
    # pip
    v=pwsafe(18); P('pip', wrap('pip', f'pip install --extra-index-url https://deploy:{v}@pypi.corp.example/simple acme-core', 'bash'), v)
    v='pypi-AgEIcHlwaS5vcmc'+b64u(120); P('pip', wrap('pip.conf', f'[global]\nindex-url = https://__token__:{v}@upload.pypi.org/simple', 'ini'), v)
    v=pwsafe(16); P('pip', wrap('requirements.txt', f'--index-url https://ci:{v}@artifactory.corp.example/api/pypi/pypi/simple\nrequests==2.32.3', ''), v)
    # docker config
    raw='ci-bot:'+pwsafe(18); v=b64of(raw.encode()); P('docker-auth', wrap('~/.docker/config.json', f'{{\n  "auths": {{\n    "registry.corp.example": {{\n      "auth": "{v}"\n    }}\n  }}\n}}', 'json'), [v, raw])
    raw='_json_key:'+pwsafe(30); v=b64of(raw.encode()); P('docker-auth', wrap('docker config one line', f'{{"auths":{{"https://index.docker.io/v1/":{{"auth":"{v}"}}}}}}', 'json'), [v, raw])
    # aws
    k='AKIA'+up(16); s=b64(40).replace('+','/'); P('aws', wrap('~/.aws/credentials', f'[default]\naws_access_key_id = {k}\naws_secret_access_key = {s}\nregion = eu-west-1', 'ini'), [s, k])
    k='AKIA'+up(16); P('aws', prose('aws key', f'The CI user key is {k} (IAM user ci-deployer).'), k, 'access key id alone in prose')
    s=b64(40); P('aws', wrap('env', f'export AWS_SECRET_ACCESS_KEY={s}', 'bash'), s)
    k='ASIA'+up(16); s=b64(40); t='IQoJb3JpZ2luX2Vj'+b64(300); P('aws', wrap('sts creds', f'AWS_ACCESS_KEY_ID={k}\nAWS_SECRET_ACCESS_KEY={s}\nAWS_SESSION_TOKEN={t}', 'bash'), [s, t, k])
    s=b64(40); P('aws', wrap('boto', f'client = boto3.client("s3", aws_access_key_id="AKIA{up(16)}", aws_secret_access_key="{s}")', 'python'), s)
    # gcp
    body=pem_body(16); sa={"type":"service_account","project_id":"acme-prod-"+hx(4),"private_key_id":hx(40),"private_key":"-----BEGIN PRIVATE KEY-----\n"+body+"\n-----END PRIVATE KEY-----\n","client_email":"deployer@acme-prod.iam.gserviceaccount.com","client_id":str(R.randint(10**20,10**21)),"token_uri":"https://oauth2.googleapis.com/token"}
    P('gcp', wrap('service account', json.dumps(sa, indent=2), 'json'), [body.split('\n')[0]], 'SA JSON, private_key with \\n escapes')
    v='AIza'+rs(35, AL+'-_'); P('gcp', prose('Maps', f'Maps JS key for staging: {v}'), v)
    v='AIza'+rs(35, AL+'-_'); P('gcp', wrap('gcloud env', f'GOOGLE_API_KEY={v}', 'bash'), v)
    v='GOCSPX-'+rs(28, AL+'-_'); P('gcp', wrap('oauth client secret', f'GOOGLE_CLIENT_SECRET={v}', 'bash'), v)
    # azure
    v=b64(86)+'=='; P('azure', wrap('storage', f'DefaultEndpointsProtocol=https;AccountName=acmeprodlogs;AccountKey={v};EndpointSuffix=core.windows.net', ''), v)
    v=b64(43)+'='; P('azure', wrap('service bus', f'Endpoint=sb://acme-prod.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={v}', ''), v)
    v=b64(43)+'%3D'; P('azure', prose('SAS', f'Blob SAS URL: https://acmeprod.blob.core.windows.net/exports?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2025-12-31T00:00:00Z&st=2024-06-01T00:00:00Z&spr=https&sig={v}'), v)
    v=rs(3)+'8Q~'+rs(34, AL+'-_.~'); P('azure', wrap('app registration', f'AZURE_CLIENT_ID=0d9c{hx(4)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}\nAZURE_CLIENT_SECRET={v}', 'bash'), v)
    v=b64(86)+'=='; P('azure', wrap('cosmos', f'AccountEndpoint=https://acme.documents.azure.com:443/;AccountKey={v};', ''), v)
    # private keys
    for hdr, n in [('RSA PRIVATE KEY',20),('OPENSSH PRIVATE KEY',6),('EC PRIVATE KEY',3),('PRIVATE KEY',14),('ENCRYPTED PRIVATE KEY',15),('DSA PRIVATE KEY',10)]:
        body=pem_body(n)
        if hdr=='OPENSSH PRIVATE KEY':
            body='b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n'+body
        P('private-key', wrap(f'key {hdr.lower()}', f'-----BEGIN {hdr}-----\n{body}\n-----END {hdr}-----', ''), [body.split('\n')[1]])
    body=pem_body(20); P('private-key', wrap('pgp key', f'-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{body}\n={rs(4)}\n-----END PGP PRIVATE KEY BLOCK-----', ''), [body.split('\n')[1]])
    lines='\n'.join(b64(64) for _ in range(6)); P('private-key', wrap('putty ppk', f'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ops@laptop\nPublic-Lines: 2\n{b64(64)}\n{b64(20)}\nPrivate-Lines: 1\n{b64(44)}\nPrivate-MAC: {hx(64)}', ''), [], 'PuTTY private key file')
    body=pem_body(14); P('private-key', f"# key pasted in prose\n\nthe deploy key (don't lose it): -----BEGIN RSA PRIVATE KEY----- {body.replace(chr(10),' ')} -----END RSA PRIVATE KEY-----\n", [body.split('\n')[1]], 'single-line PEM')
    # jwt
    v=jwt(); P('jwt', prose('token from login', f'Session token captured from the browser: {v}'), v)
    v=jwt(); P('jwt', wrap('request', f'Authorization: Bearer {v}', 'http'), v)
    v=jwt(); P('jwt', wrap('fixture', f'{{"access_token": "{v}", "expires_in": 3600}}', 'json'), v)
    # vendor tokens
    v='ghp_'+rs(36); P('github', prose('GH token', f'My PAT for the release script: {v}'), v)
    v='github_pat_11A'+up(19)+'_'+rs(59); P('github', wrap('fine-grained', f'GH_TOKEN={v}', 'bash'), v)
    v='gho_'+rs(36); P('github', prose('gh cli', f'`gh auth status` showed oauth token {v}'), v)
    v='ghu_'+rs(36); P('github', wrap('app user token', f'{{"token": "{v}"}}', 'json'), v)
    v='glpat-'+rs(20, AL+'-_'); P('gitlab', wrap('gitlab', f'GITLAB_TOKEN={v}', 'bash'), v)
    v='glrt-'+rs(20, AL+'-_'); P('gitlab', prose('runner', f'Registered runner with token {v}'), v)
    v='xoxb-'+str(R.randint(10**11,10**12))+'-'+str(R.randint(10**12,10**13))+'-'+rs(24); P('slack', wrap('slack bot', f'SLACK_BOT_TOKEN={v}', 'bash'), v)
    v='xoxp-'+str(R.randint(10**11,10**12))+'-'+str(R.randint(10**11,10**12))+'-'+str(R.randint(10**12,10**13))+'-'+hx(32); P('slack', prose('slack user', f'user token: {v}'), v)
    v='https://hooks.slack.com/services/T'+up(8)+'/B'+up(10)+'/'+rs(24); P('slack', prose('alerts webhook', f'Alerts go to {v}'), v)
    v='sk_live_'+rs(99); P('stripe', wrap('stripe', f'STRIPE_SECRET_KEY={v}', 'bash'), v)
    v='rk_live_'+rs(24); P('stripe', prose('stripe restricted', f'Restricted key for reporting: `{v}`'), v)
    v='whsec_'+rs(32); P('stripe', wrap('stripe webhook', f'STRIPE_WEBHOOK_SECRET={v}', 'bash'), v)
    v='sk-proj-'+rs(74, AL+'-_')+'T3BlbkFJ'+rs(74, AL+'-_'); P('openai', wrap('openai', f'OPENAI_API_KEY={v}', 'bash'), v)
    v='sk-'+rs(20)+'T3BlbkFJ'+rs(20); P('openai', prose('openai legacy', f'old key {v} (revoke!)'), v)
    v='sk-ant-api03-'+rs(93, AL+'-_')+'AA'; P('anthropic', wrap('anthropic', f'ANTHROPIC_API_KEY={v}', 'bash'), v)
    v='sk-ant-api03-'+rs(93, AL+'-_')+'AA'; P('anthropic', prose('anthropic prose', f'Claude key for the eval harness is {v}.'), v)
    v='SG.'+rs(22, AL+'-_')+'.'+rs(43, AL+'-_'); P('sendgrid', wrap('sendgrid', f'SENDGRID_API_KEY={v}', 'bash'), v)
    sid='AC'+hx(32); v=hx(32); P('twilio', wrap('twilio', f'TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={v}', 'bash'), v)
    v='SK'+hx(32); P('twilio', prose('twilio api key', f'Twilio API key SID {v} secret {rs(32)}'), v, 'SK api key sid')
    v='npm_'+rs(36); P('npm', prose('npm publish', f'Publish token: {v}'), v)
    v='pypi-AgEIcHlwaS5vcmc'+b64u(140); P('pypi', wrap('twine', f'TWINE_PASSWORD={v}', 'bash'), v)
    v='pypi-AgEIcHlwaS5vcmc'+b64u(140); P('pypi', prose('pypi prose', f'PyPI upload token {v}'), v)
    v='hf_'+rs(34, string.ascii_letters); P('huggingface', wrap('hf', f'HF_TOKEN={v}', 'bash'), v)
    v='hf_'+rs(34, string.ascii_letters); P('huggingface', prose('hf prose', f'huggingface-cli login --token {v}'), v)
    v='dop_v1_'+hx(64); P('digitalocean', wrap('doctl', f'DIGITALOCEAN_TOKEN={v}', 'bash'), v)
    v='shpat_'+hx(32); P('shopify', wrap('shopify', f'SHOPIFY_ACCESS_TOKEN={v}', 'bash'), v)
    v='shpss_'+hx(32); P('shopify', prose('shopify secret', f'app shared secret {v}'), v)
    def discord():
        uid=str(R.randint(10**17, 10**18)); p1=base64.b64encode(uid.encode()).decode().rstrip('=')
        return p1+'.'+rs(6, AL+'-_')+'.'+rs(38, AL+'-_')
    v=discord(); P('discord', wrap('discord bot', f'DISCORD_TOKEN={v}', 'bash'), v)
    v=discord(); P('discord', prose('discord prose', f'bot token {v}'), v)
    v=str(R.randint(10**8,10**10))+':AA'+rs(33, AL+'-_'); P('telegram', wrap('telegram', f'TELEGRAM_BOT_TOKEN={v}', 'bash'), v)
    v=str(R.randint(10**8,10**10))+':AA'+rs(33, AL+'-_'); P('telegram', prose('telegram prose', f'Bot API: https://api.telegram.org/bot{v}/sendMessage'), v)
    v='key-'+hx(32); P('vendor-misc', wrap('mailgun', f'MAILGUN_API_KEY={v}', 'bash'), v)
    v='xkeysib-'+hx(64)+'-'+rs(16); P('vendor-misc', wrap('brevo', f'BREVO_KEY={v}', 'bash'), v)
    v='glc_'+b64(60).replace('+','').replace('/','')+'=='; P('vendor-misc', wrap('grafana', f'GRAFANA_TOKEN={v}', 'bash'), v)
    v='dapi'+hx(32); P('vendor-misc', prose('databricks', f'Databricks PAT {v}'), v)
    v='lin_api_'+rs(40); P('vendor-misc', wrap('linear', f'LINEAR_API_KEY={v}', 'bash'), v)
    # chinese prose
    v=pw(14); P('zh-prose', prose('数据库', f'生产库的密码是 {v}，不要外传。'), v)
    v=pwsafe(16); P('zh-prose', prose('跳板机', f'跳板机口令：{v}'), v, 'full-width colon')
    v=pwsafe(12); P('zh-prose', prose('测试账号', f'测试账号 admin，密码：{v}'), v)
    v=pwsafe(18); P('zh-prose', prose('路由器', f'路由器后台登录密码为{v}（上周改的）'), v, 'no space before value')
    v=hx(32); P('zh-prose', prose('接口', f'第三方接口的密钥: {v}'), v)
    v=b64u(40); P('zh-prose', prose('令牌', f'CI 用的访问令牌是 `{v}`'), v)
    v=pwsafe(14); P('zh-prose', prose('wifi', f'办公室 WiFi 密码 {v}'), v, 'no colon/是')
    v=pw(16); P('en-prose', prose('db', f'The staging DB password is {v} — rotate after the demo.'), v)
    v=pwsafe(16); P('en-prose', prose('vpn', f'VPN creds: user jdoe / pass {v}'), v)
    v=pwsafe(16); P('en-prose', prose('admin', f'- Grafana admin login: admin / {v}'), v, 'user / pass in list')
    # table
    v1=pw(14); v2=pwsafe(16); P('md-table', f"# Accounts\n\n| Service | User | Password |\n|---|---|---|\n| Jenkins | admin | {v1} |\n| Nexus | deploy | {v2} |\n", [v1, v2])
    v1=pwsafe(14); P('md-table', f"# 账号\n\n| 系统 | 账号 | 密码 |\n| --- | --- | --- |\n| 堡垒机 | ops | {v1} |\n", [v1])
    v1=hx(40); P('md-table', f"# Tokens\n\n| name | token | scope |\n|------|-------|-------|\n| ci | {v1} | repo |\n", [v1])
    # csv
    v1=pwsafe(14); v2=pw(14); P('csv', wrap('users.csv', f'username,email,password\nalice,alice@example.org,{v1}\nbob,bob@example.org,{v2}', 'csv'), [v1, v2])
    v1=pwsafe(16); P('csv', wrap('export', f'"host","port","user","pass"\n"db01","5432","etl","{v1}"', 'csv'), [v1])
    # misc positives: python/js code with literal
    v=pwsafe(18); P('code', wrap('py', f'conn = psycopg2.connect(host="db", user="app", password="{v}")', 'python'), v)
    v=b64u(40); P('code', wrap('js', f"const client = new Client({{ apiKey: '{v}' }});", 'js'), v)
    v=pwsafe(16); P('code', wrap('go', f'db, err := sql.Open("mysql", "app:{v}@tcp(db:3306)/shop")', 'go'), v, 'go DSN without scheme')
    v=b64(32); P('code', wrap('flask', f"app.config['SECRET_KEY'] = '{v}'", 'python'), v)

    # ---------------- NEGATIVES ----------------
    N('placeholder', wrap('env template', 'API_TOKEN=<your-token>\nDB_PASSWORD=<password>', 'bash'))
    N('placeholder', wrap('env template', 'SECRET_KEY=xxx\nAPI_KEY=xxxxxxxxxxxxxxxx', 'bash'))
    N('placeholder', wrap('compose', '    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}\n      API_TOKEN: "${API_TOKEN:?missing}"', 'yaml'))
    N('placeholder', wrap('defaults', 'password: changeme', 'yaml'))
    N('placeholder', prose('masked', 'The log printed `password=***` so masking works.'))
    N('placeholder', wrap('yaml', 'db:\n  password: "********"', 'yaml'))
    N('placeholder', wrap('readme', 'OPENAI_API_KEY=your-api-key-here', 'bash'))
    N('placeholder', wrap('gh', 'GH_TOKEN=ghp' + '_' + 'x' * 36, 'bash'))
    N('placeholder', wrap('helm', 'password: {{ .Values.db.password }}\ntoken: {{ required "token" .Values.token }}', 'yaml'))
    N('placeholder', wrap('py fmt', 'dsn = "postgresql://%(user)s:%(password)s@%(host)s/%(db)s"', 'python'))
    N('placeholder', wrap('redacted', 'password = <REDACTED>\napi_key = [REDACTED]', 'ini'))
    N('placeholder', wrap('jinja', 'DB_PASSWORD={{ vault_db_password }}', 'jinja'))
    N('placeholder', wrap('ts', 'STRIPE_SECRET_KEY=sk_live_...\nSTRIPE_PUBLISHABLE_KEY=pk_live_...', 'bash'))
    N('placeholder', wrap('dummy', 'password: password\nsecret: secret', 'yaml'))
    N('placeholder', wrap('tfvars example', 'db_admin_password = "REPLACE_ME"', 'hcl'))
    N('placeholder', prose('todo', 'TODO: fill in `AWS_SECRET_ACCESS_KEY=` before running.'))
    N('placeholder', wrap('gh actions', 'env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  PASSWORD: ${{ secrets.DB_PASSWORD }}', 'yaml'))
    N('placeholder', wrap('.npmrc', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}', 'ini'))
    N('placeholder', wrap('netrc template', 'machine api.example.com login USERNAME password PASSWORD', ''))
    N('placeholder', wrap('mongo docs', 'mongodb+srv://<username>:<password>@cluster0.example.mongodb.net/', ''))
    N('placeholder', wrap('pg local', 'DATABASE_URL=postgres://user:password@localhost:5432/mydb', 'bash'), 'generic doc creds')
    N('placeholder', wrap('pg env', 'DATABASE_URL=postgres://$DB_USER:$DB_PASS@$DB_HOST/app', 'bash'))
    N('placeholder', wrap('xml', '<password>${env.NEXUS_PASSWORD}</password>', 'xml'))
    N('placeholder', wrap('properties', 'spring.datasource.password=${DB_PASSWORD}', 'properties'))
    N('placeholder', wrap('ansible vault ref', 'ansible_become_pass: "{{ vault_become_pass }}"', 'yaml'))
    N('placeholder', prose('zh', '密码是 `<你的密码>`，自己替换。'))
    N('placeholder', wrap('shell', 'mysql -u root -p"$MYSQL_ROOT_PASSWORD" app', 'bash'))
    N('placeholder', wrap('curl', 'curl -u "$JENKINS_USER:$JENKINS_TOKEN" https://jenkins.corp.example/api/json', 'bash'))
    N('placeholder', wrap('curl', 'curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/me', 'bash'))
    N('placeholder', wrap('header doc', 'Authorization: Bearer <access_token>', 'http'))
    N('placeholder', wrap('k8s', 'stringData:\n  password: REPLACE_WITH_REAL_PASSWORD', 'yaml'))
    N('placeholder', wrap('tmpl', 'password = "{password}"\ntoken = "{{token}}"', 'toml'))
    # doc examples
    N('doc-example', prose('aws docs', 'AWS docs use `' + 'AKIA' + 'IOSFODNN7EXAMPLE` / `' + 'wJalrXUtnFEMI/K7MDENG' + '/bPxRfiCYEXAMPLEKEY` as sample keys.'), 'official AWS example key')
    N('doc-example', wrap('azurite', 'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;Account' + 'Key=' + 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6' + 'IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==' + ';BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;', ''), 'well-known Azurite emulator key')
    N('doc-example', wrap('jwt.io', '.'.join(['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c']), ''), 'jwt.io sample token (debatable)')
    N('doc-example', wrap('emulator', 'UseDevelopmentStorage=true', ''))
    N('doc-example', prose('stripe docs', 'Stripe secret keys look like `sk_live_` followed by random characters; test keys use `sk_test_`.'))
    N('doc-example', prose('formats', 'GitHub classic PATs start with `ghp_`, fine-grained ones with `github_pat_`; GitLab uses `glpat-`.'))
    N('doc-example', prose('pem docs', 'A PEM private key starts with `-----' + 'BEGIN ' + 'PRIVATE KEY-----` and ends with `-----' + 'END PRIVATE KEY-----`.'))
    # public material
    N('public-key', wrap('pubkey', f'-----BEGIN PUBLIC KEY-----\n{pem_body(6)}\n-----END PUBLIC KEY-----', ''))
    N('public-key', wrap('authorized_keys', f'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{rs(43)} jdoe@laptop', ''))
    N('public-key', wrap('authorized_keys rsa', f'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{b64(300)} ci@runner', ''))
    N('public-key', wrap('cert', f'-----BEGIN CERTIFICATE-----\n{pem_body(18)}\n-----END CERTIFICATE-----', ''))
    N('public-key', wrap('pgp public', f'-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n{pem_body(10)}\n-----END PGP PUBLIC KEY BLOCK-----', ''))
    N('public-key', wrap('signature', f'-----BEGIN PGP SIGNATURE-----\n\n{pem_body(6)}\n-----END PGP SIGNATURE-----', ''))
    N('public-key', wrap('known_hosts', f'github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl', ''))
    N('public-key', prose('fingerprint', f'Host key fingerprint SHA256:{rs(43, AL+"+/")} (ED25519).'))
    N('public-key', prose('stripe pk', f'Publishable key for checkout.js: pk_live_{rs(99)}'), 'publishable key is public by design')
    N('public-key', prose('oauth client id', f'Web client id: {R.randint(10**11,10**12)}-{rs(32, string.ascii_lowercase+string.digits)}.apps.googleusercontent.com'))
    N('public-key', wrap('csr', f'-----BEGIN CERTIFICATE REQUEST-----\n{pem_body(10)}\n-----END CERTIFICATE REQUEST-----', ''))
    N('public-key', prose('gpg', f'Signing key fingerprint: {HX(4)} {HX(4)} {HX(4)} {HX(4)} {HX(4)}  {HX(4)} {HX(4)} {HX(4)} {HX(4)} {HX(4)}'))
    # hashes / ids
    N('hash-id', prose('commit', f'Regression introduced in commit {hx(40)}; reverted in {hx(7)}.'))
    N('hash-id', wrap('sha256sum', f'{hx(64)}  memsync-0.4.2.tar.gz', ''))
    N('hash-id', wrap('package-lock', f'"integrity": "sha512-{b64(86)}=="', 'json'))
    N('hash-id', wrap('docker digest', f'image: ghcr.io/acme/api@sha256:{hx(64)}', 'yaml'))
    N('hash-id', prose('uuid', f'Request id {hx(8)}-{hx(4)}-4{hx(3)}-a{hx(3)}-{hx(12)} failed with 502.'))
    N('hash-id', wrap('go.sum', f'github.com/stretchr/testify v1.9.0 h1:{b64(43)}=\ngithub.com/stretchr/testify v1.9.0/go.mod h1:{b64(43)}=', ''))
    N('hash-id', wrap('md5', f'MD5 (backup.tar) = {hx(32)}', ''))
    N('hash-id', wrap('pip hashes', f'requests==2.32.3 \\\n    --hash=sha256:{hx(64)}', ''))
    N('hash-id', wrap('cargo lock', f'[[package]]\nname = "serde"\nversion = "1.0.203"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{hx(64)}"', 'toml'))
    N('hash-id', wrap('terraform lock', f'provider "registry.terraform.io/hashicorp/aws" {{\n  version = "5.54.1"\n  hashes = [\n    "h1:{b64(43)}=",\n    "zh:{hx(64)}",\n  ]\n}}', 'hcl'))
    N('hash-id', prose('trace', f'trace_id={hx(32)} span_id={hx(16)}'))
    N('hash-id', wrap('k8s uid', f'metadata:\n  uid: {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}\n  resourceVersion: "48213377"', 'yaml'))
    N('hash-id', prose('etag', f'ETag: "{hx(32)}"'))
    N('hash-id', prose('aws ids', 'Role arn:aws:iam::123456789012:role/ci-deployer in account 123456789012, instance i-0abcd1234ef567890, sg-0123456789abcdef0.'))
    N('hash-id', prose('slack ids', 'Post to channel C024BE91L as user U0G9QF9C6; Discord guild 1122334455667788990.'))
    N('hash-id', wrap('yarn.lock', f'lodash@^4.17.21:\n  version "4.17.21"\n  resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#{hx(40)}"\n  integrity sha512-{b64(86)}==', ''))
    N('hash-id', prose('git log', f'```\n{hx(7)} fix: refresh token expiry handling\n{hx(7)} feat: rotate API keys monthly\n```'))
    N('hash-id', wrap('password hash column', f'INSERT INTO audit(event, actor_id) VALUES (\'login\', \'{hx(24)}\');', 'sql'))
    # base64 non-secret
    N('base64-data', wrap('inline image', f'<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA{b64(120)}=" />', 'html'))
    N('base64-data', wrap('configmap', f'binaryData:\n  logo.png: iVBORw0KGgoAAAANSUhEUgAA{b64(80)}', 'yaml'))
    N('base64-data', prose('b64 of text', f'`echo {b64of(b"hello world, this is just a test message")} | base64 -d` prints a greeting.'))
    N('base64-data', wrap('k8s configmap data', f'kind: ConfigMap\ndata:\n  nginx.conf: |\n    worker_processes 2;\n  banner: {b64of(b"Welcome to the staging cluster, be nice")}', 'yaml'))
    N('base64-data', wrap('font', f'@font-face {{ src: url(data:font/woff2;base64,d09GMgABAAAAA{b64(100)}) format("woff2"); }}', 'css'))
    N('base64-data', wrap('sourcemap', f'//# sourceMappingURL=data:application/json;base64,{b64of(json.dumps({"version":3,"sources":["a.ts"],"mappings":"AAAA,SAASA"}).encode())}', 'js'))
    # paths, versions, URLs
    N('path', prose('paths', 'Key lives at `~/.ssh/id_ed25519`; AWS creds in `~/.aws/credentials`; token file `secrets/github_token.txt`.'))
    N('path', wrap('windows', r'C:\Users\jdoe\AppData\Roaming\npm\node_modules\@acme\cli\dist\auth\password-reset.js', ''))
    N('path', wrap('compose secrets', '    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password', 'yaml'))
    N('path', wrap('systemd', '[Service]\nEnvironmentFile=/etc/acme/secrets.env\nLoadCredential=db-password:/etc/credstore/db-password', 'ini'))
    N('path', wrap('nginx', 'location /admin {\n    auth_basic "Restricted";\n    auth_basic_user_file /etc/nginx/.htpasswd;\n}', 'nginx'))
    N('path', wrap('git', 'git config --global credential.helper "store --file ~/.git-credentials"', 'bash'))
    N('version', prose('versions', 'Pinned `python==3.11.9`, `node v20.14.0`, `postgres:16.3-alpine`, `memsync 0.4.2+g1a2b3c4`.'))
    N('version', wrap('requirements', 'cryptography==42.0.8\npyjwt[crypto]==2.8.0\npasslib==1.7.4\nkeyring>=25.2.1', ''))
    N('version', prose('build', 'Build 2024.06.11-rc3+sha.9f8e7d6 passed; image tag v1.18.3-20240611-9f8e7d6c.'))
    N('url', prose('urls', 'Repo: https://github.com/acme/api.git, mirror git@gitlab.com:acme/api.git, docs https://docs.acme.dev/auth/tokens?tab=api#rotate.'))
    N('url', wrap('conn no creds', 'DATABASE_URL=postgres://db.internal:5432/app\nREDIS_URL=redis://redis:6379/0\nAMQP_URL=amqp://rabbit.internal:5672/', 'bash'))
    N('url', wrap('user only', 'git clone https://jdoe@bitbucket.org/acme/api.git\nssh://git@github.com/acme/api.git', 'bash'))
    N('url', wrap('pip no creds', 'pip install --extra-index-url https://pypi.corp.example/simple acme-core', 'bash'))
    N('url', prose('oauth flow', 'Redirect to https://accounts.google.com/o/oauth2/v2/auth?client_id=web&response_type=code&scope=openid&state=af0ifjsldkj'))
    N('url', wrap('jdbc no creds', 'jdbc:postgresql://db.internal:5432/app?ssl=true&sslmode=verify-full', ''))
    N('url', wrap('mssql integrated', 'Server=sql01;Database=hr;Integrated Security=true;TrustServerCertificate=True;', ''))
    # discussion
    N('discussion', prose('vault', 'The password is stored in Vault under `secret/data/prod/db`; never paste it here.'))
    N('discussion', prose('policy', 'Passwords must be rotated every 90 days and be at least 16 characters.'))
    N('discussion', prose('docker', 'Use `docker login --password-stdin` so the token never appears in shell history.'))
    N('discussion', prose('zh vault', '生产数据库的密码存放在 1Password 的 “Infra” 保险库里，找运维要。'))
    N('discussion', prose('zh policy', '密码需要至少 12 位，包含大小写字母和数字。'))
    N('discussion', prose('zh ask', '口令：请向值班同学索取，不要写进笔记。'))
    N('discussion', prose('zh key path', '密钥在 ~/.ssh/id_ed25519，权限要 600。'))
    N('discussion', prose('token expiry', 'The access token expires after 3600 seconds; the refresh token lasts 30 days.'))
    N('discussion', prose('passwordless', 'We moved to passwordless login (WebAuthn); the password column is nullable now.'))
    N('discussion', prose('reset', 'If the API key leaks, revoke it in the dashboard and update the secret in GitHub Actions.'))
    N('discussion', prose('mysql prompt', 'Run `mysql -u root -p` and type the password at the prompt.'))
    N('discussion', prose('en', 'Password: ask @oncall in #infra (not written down on purpose).'))
    N('discussion', prose('zh table', '笔记：token 过期了就重新 `gh auth login`，别把 token 写到这里。'))
    # code referencing values
    N('code-ref', wrap('py', 'password = getpass.getpass("DB password: ")\ntoken = os.environ["GITHUB_TOKEN"]', 'python'))
    N('code-ref', wrap('js', 'const password = req.body.password;\nconst apiKey = process.env.API_KEY;', 'js'))
    N('code-ref', wrap('tf', 'resource "aws_db_instance" "main" {\n  password = var.db_password\n  # or random_password.db.result\n}', 'hcl'))
    N('code-ref', wrap('k8s ref', '          env:\n            - name: DB_PASSWORD\n              valueFrom:\n                secretKeyRef:\n                  name: db\n                  key: password', 'yaml'))
    N('code-ref', wrap('py compare', 'if password != confirm_password:\n    raise ValueError("passwords do not match")', 'python'))
    N('code-ref', wrap('go', 'token := r.Header.Get("Authorization")\nsecret, err := vault.Read("secret/data/api")', 'go'))
    N('code-ref', wrap('java', 'String password = System.getenv("DB_PASSWORD");\nchar[] secret = console.readPassword();', 'java'))
    N('code-ref', wrap('settings', 'password_min_length: 12\npassword_required: true\ntoken_ttl_seconds: 3600\napi_key_header: X-API-Key', 'yaml'))
    N('code-ref', wrap('django', "PASSWORD_HASHERS = ['django.contrib.auth.hashers.Argon2PasswordHasher']\nAUTH_PASSWORD_VALIDATORS = []", 'python'))
    N('code-ref', wrap('sql schema', 'CREATE TABLE users (\n  id bigserial primary key,\n  password_hash text not null,\n  api_token_prefix varchar(8)\n);', 'sql'))
    N('code-ref', wrap('ts types', 'interface Login { username: string; password: string; otp?: string }', 'ts'))
    N('code-ref', wrap('rust', 'let token = std::env::var("HF_TOKEN").expect("HF_TOKEN not set");', 'rust'))
    N('code-ref', wrap('password flag name', 'def add_args(p):\n    p.add_argument("--password", help="database password")\n    p.add_argument("--token-file", default="~/.config/acme/token")', 'python'))
    N('code-ref', wrap('azure keyvault ref', 'DB_PASSWORD=@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/db-password/)', 'bash'))
    N('code-ref', wrap('aws ssm ref', 'password: "{{resolve:secretsmanager:prod/db:SecretString:password}}"', 'yaml'))
    N('code-ref', wrap('docker config', '{\n  "auths": {\n    "ghcr.io": {}\n  },\n  "credsStore": "desktop"\n}', 'json'))
    N('code-ref', wrap('op ref', 'export DB_PASSWORD="op://Infra/prod-db/password"', 'bash'))
    N('code-ref', wrap('pydantic', 'class Settings(BaseSettings):\n    db_password: SecretStr\n    api_key: SecretStr = Field(alias="API_KEY")', 'python'))
    # encrypted-at-rest blobs
    N('encrypted', wrap('ansible vault', f'db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {hx(80)}\n  {hx(80)}\n  {hx(80)}', 'yaml'), 'ciphertext meant to be committed (debatable)')
    N('encrypted', wrap('sops', f'password: ENC[AES256_GCM,data:{b64(24)},iv:{b64(43)}=,tag:{b64(22)}==,type:str]', 'yaml'), 'SOPS ciphertext (debatable)')
    N('encrypted', wrap('sealed secret', f'spec:\n  encryptedData:\n    password: AgB{b64(300)}==', 'yaml'), 'SealedSecret ciphertext (debatable)')
    # lint output
    N('lint', wrap('bandit', 'src/auth.py:12:5: S105 Possible hardcoded password assigned to: "password"\nsrc/cli.py:40:9: S106 Possible hardcoded password assigned to argument: "token"', ''))
    N('lint', wrap('eslint', "src/api.ts\n  14:7  error  Found a string that may be a secret  no-secrets/no-secrets\n  20:3  warning  'apiKey' is assigned a value but never used  no-unused-vars", ''))
    N('lint', wrap('gitleaks', 'Finding:     REDACTED\nSecret:      REDACTED\nRuleID:      generic-api-key\nFile:        config/app.yml\nLine:        12', ''))
    N('lint', wrap('mypy', 'app/settings.py:33: error: Incompatible types in assignment (expression has type "None", variable has type "SecretStr")  [assignment]', ''))
    # misc look-alikes
    N('misc', prose('ipv6', 'Bind to 2001:db8:85a3::8a2e:370:7334 and fe80::1ff:fe23:4567:890a%eth0; MAC 3c:22:fb:9a:01:7e.'))
    N('misc', wrap('css', ':root { --brand: #1e90ff; --bg: #0b0f14; --accent: #ff6f61cc; }\n.btn-token { color: #a1b2c3; }', 'css'))
    N('misc', wrap('minified', 'var a=function(e,t){return e.aB3xQ9kLmN7pR2sT5vW8yZ1cD4fG6hJ0(t)},o=n(8124),i=n.n(o),s=function(){return i()("Zx9Qw2Er4Ty6Ui8Op0Al3Sk5Dj7Fh1Gg")};', 'js'))
    N('misc', prose('webpack', 'Bundle main.4f3a2b1c9d8e7f60.js and vendors~app.9a8b7c6d5e4f3a2b.chunk.js are cached forever.'))
    N('misc', prose('java classes', 'See AbstractAuthenticationProcessingFilter and UsernamePasswordAuthenticationToken in Spring Security.'))
    N('misc', prose('telegram chat', 'Alerts go to Telegram chat -1001234567890 via the bot @acme_alerts_bot.'))
    N('misc', prose('random words', 'Correlation key is `tenantA-2024-06-11-eu-west-1-blue`; feature flag `enable_token_refresh_v2`.'))
    N('misc', wrap('table schema', '| field | type | description |\n|---|---|---|\n| password | string | user password, bcrypt-hashed server side |\n| token | string | opaque session token |', ''))
    N('misc', f"# 账号表\n\n| 系统 | 账号 | 密码 |\n| --- | --- | --- |\n| 堡垒机 | ops | 见 1Password |\n| Jenkins | admin | （找运维要） |\n")
    N('misc', wrap('csv header', 'username,email,password_last_changed\nalice,alice@example.org,2024-05-01\nbob,bob@example.org,2024-03-17', 'csv'))
    N('misc', prose('otp', 'The TOTP code was 492018 but it expired; the OTP length is 6 digits.'))
    N('misc', prose('phone', 'Call +1-415-555-0132 or email security@acme.dev about key rotation.'))
    N('misc', prose('dates', 'Rotated on 2024-06-11T08:30:00Z; next rotation 2024-09-09T08:30:00Z.'))
    N('misc', wrap('regex', r'TOKEN_RE = re.compile(r"ghp_[A-Za-z0-9]{36}")' + '\n' + r'AWS_RE = r"AKIA[0-9A-Z]{16}"', 'python'))
    N('misc', prose('long camel', 'Call `getAuthorizationTokenForServiceAccountWithRetryAndBackoff()` when the cache misses.'))
    N('misc', prose('math', f'Seed for the benchmark RNG: 0x{hx(16)}; lattice dims 1024x768.'))
    N('misc', wrap('k8s', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: kubernetes.io/basic-auth\n# data populated by external-secrets operator', 'yaml'))
    N('misc', prose('aws region', 'Bucket arn:aws:s3:::acme-prod-artifacts-eu-west-1 with KMS alias alias/acme-prod-artifacts.'))
    N('misc', prose('sri', f'<script src="https://cdn.example.com/lib.js" integrity="sha384-{b64(64)}" crossorigin="anonymous"></script>'))
    N('misc', wrap('openapi', 'components:\n  securitySchemes:\n    bearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT', 'yaml'))
    N('misc', prose('chinese dev', '今天把 token 刷新逻辑重构了，`refresh_token` 改成存在 HttpOnly cookie 里。'))
    N('misc', prose('env names', 'Required env vars: `DATABASE_PASSWORD`, `STRIPE_SECRET_KEY`, `OPENAI_API_KEY`, `AWS_SECRET_ACCESS_KEY`.'))
    N('misc', wrap('docker compose', 'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_HOST_AUTH_METHOD: trust\n      POSTGRES_DB: app', 'yaml'))
    N('misc', prose('uuid api ref', f'Heroku app id {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)} in region eu.'))
    N('misc', prose('hex colour list', 'Palette: #264653 #2a9d8f #e9c46a #f4a261 #e76f51.'))
    N('misc', wrap('cron', '*/15 * * * * /usr/local/bin/rotate-token --dry-run >> /var/log/rotate.log 2>&1', ''))
    N('misc', prose('base32-ish ids', 'Order ids: ORD-7F3K9Q2M8X, ORD-2B6N4R8T1Z; coupon SUMMER2024.'))
    N('misc', wrap('sha-like secret name', 'SECRET_NAME=prod/db/password\nSECRET_ARN=arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db/password-AbCdEf', 'bash'))
    N('misc', wrap('sql', "SELECT id FROM users WHERE password_reset_token IS NOT NULL AND updated_at < now() - interval '1 day';", 'sql'))
    N('misc', prose('test fixture', 'In tests we use the literal password `hunter2` via `pytest --db-password=test`.'), 'debatable: trivial test password')
    N('misc', prose('git sha in url', f'Pinned action: uses: actions/checkout@{hx(40)} # v4.1.7'))
    N('misc', wrap('nginx', 'ssl_certificate     /etc/ssl/certs/acme.crt;\nssl_certificate_key /etc/ssl/private/acme.key;\nssl_password_file   /etc/nginx/ssl_passwords.txt;', 'nginx'))
    N('misc', prose('wifi zh', '办公室 WiFi 名称 Acme-Guest，密码贴在前台。'))

    return samples


# ---------------------------------------------------------------- round 2 (the reviewer's gen/gen2.py)
def round2(seed: int, base_seed: int) -> list[dict]:
    kit = _kit(seed, base_seed)
    R, samples, P, N, rs, hx, HX, up, b64, b64u, pw, pwsafe, jwt, pem_body, wrap, prose = _unpack(kit)
    def pem(hdr, n=10):
        body=pem_body(n); return f'-----BEGIN {hdr}-----\n{body}\n-----END {hdr}-----', body
    # ---- round 2 positives ----
    v=pwsafe(14); P('r2-prose', prose('root', f'root pw: {v}'), v, 'abbrev pw')
    v=pwsafe(14); P('r2-prose', prose('box', f'ssh ops@10.0.4.2, passwd {v}'), v, 'abbrev passwd no colon')
    v=pwsafe(14); P('r2-prose', prose('creds', f'Creds: admin/{v}'), v, 'user/pass slash')
    v=pwsafe(14); P('r2-prose', prose('creds', f'user/pass: `admin` / `{v}`'), v)
    v=pwsafe(14); P('r2-prose', prose('ftp', f'FTP login is deploy:{v} on files.corp.example'), v, 'user:pass bare')
    v=pwsafe(16); P('r2-prose', f"# Jenkins\n\n- **URL:** https://jenkins.corp.example\n- **User:** admin\n- **Password:** {v}\n", v, 'bold markdown key')
    v=pwsafe(16); P('r2-prose', f"# Jenkins\n\n**Token**: `{hx(40)}`\n", [], 'bold Token key hex40')
    samples[-1]['values']=[samples[-1]['text'].split('`')[1]]
    v='Summer2024!'; P('r2-prose', prose('wifi', f'Guest Wi-Fi password: {v}'), v, 'low-entropy human password')
    v='correct horse battery staple'; P('r2-prose', wrap('passphrase', f'passphrase: "{v}"', 'yaml'), v, 'passphrase with spaces')
    v='Tr0ub4d8'; P('r2-prose', wrap('short', f'password={v}', 'ini'), v, '8-char password')
    v=pwsafe(14); P('r2-prose', prose('changed', f'I changed the admin password to {v} yesterday.'), v, 'password to X')
    v=pwsafe(14); P('r2-prose', prose('dash', f'Password - {v}'), v)
    # zh
    v=pwsafe(14); P('r2-zh', prose('改密码', f'root 密码改成了 {v}'), v)
    v=pwsafe(14); P('r2-zh', prose('新密码', f'新密码：{v}'), v)
    v=pwsafe(12); P('r2-zh', prose('初始密码', f'初始密码 {v}，首次登录后修改'), v)
    v=hx(32); P('r2-zh', prose('秘钥', f'阿里云 AccessKey Secret 秘钥是 {v}'), v, 'common misspelling 秘钥')
    v=b64u(32); P('r2-zh', prose('token', f'token：{v}'), v, 'full-width colon after token')
    v=pwsafe(14); P('r2-zh', prose('引号', f'「密码」：「{v}」'), v)
    v=pwsafe(14); P('r2-zh', prose('等号', f'数据库 密码={v}'), v)
    v=hx(32); P('r2-zh', prose('API key', f'测试环境 API Key 为 {v}'), v)
    v='LTAI'+rs(20); s=rs(30); P('r2-zh', prose('aliyun', f'阿里云 AccessKeyId: {v}  AccessKeySecret: {s}'), [s, v])
    v=pwsafe(14); P('r2-zh', f"# 账号\n\n| 环境 | 口令 | 备注 |\n| --- | --- | --- |\n| 测试 | {v} | 共享 |\n", v, 'table 口令 column first')
    # key names
    for key, val in [('pwd', pwsafe(14)), ('db_pwd', pwsafe(14)), ('admin_pass', pwsafe(14)), ('passphrase', pwsafe(18)),
                     ('encryption_key', b64(44)), ('access_token', b64u(40)), ('refresh_token', b64u(40)),
                     ('jwt_secret', pwsafe(32)), ('webhook_secret', hx(40)), ('consumer_secret', rs(45)),
                     ('master_key', hx(32)), ('signing_key', b64(44)), ('credentials', b64(40)), ('auth_key', hx(40))]:
        P('r2-keyname', wrap(key, f'{key}: {val}', 'yaml'), val)
    for key, val in [('dbPassword', pwsafe(14)), ('apiToken', b64u(40)), ('secretAccessKey', b64(40)), ('clientSecret', b64u(40)), ('PASSWORD', pwsafe(14)), ('Passwd', pwsafe(14))]:
        P('r2-keyname', wrap(key, f'{{ "{key}": "{val}" }}', 'json'), val)
    # platforms
    v=pwsafe(16); P('r2-platform', wrap('cmd', f'set DB_PASSWORD={v}', 'bat'), v)
    v=b64u(40); P('r2-platform', wrap('pwsh', f'$env:API_KEY = "{v}"', 'powershell'), v)
    v=pwsafe(16); P('r2-platform', wrap('setx', f'setx SMTP_PASSWORD "{v}"', 'bat'), v)
    v=pwsafe(16); P('r2-platform', wrap('Dockerfile', f'FROM node:20\nENV DB_PASSWORD={v}\nARG NPM_TOKEN=npm_{rs(36)}', 'dockerfile'), v)
    v=b64u(40); P('r2-platform', wrap('gh actions', f'jobs:\n  deploy:\n    env:\n      DEPLOY_TOKEN: {v}', 'yaml'), v)
    v=b64(40); P('r2-platform', wrap('tf aws provider', f'provider "aws" {{\n  region     = "eu-west-1"\n  access_key = "AKIA{up(16)}"\n  secret_key = "{v}"\n}}', 'hcl'), v)
    v=pwsafe(16); P('r2-platform', wrap('requests', f'r = requests.get(url, auth=("admin", "{v}"))', 'python'), v, 'positional auth tuple')
    v=pwsafe(16); P('r2-platform', wrap('csharp', f'var cred = new NetworkCredential("svc_backup", "{v}");', 'csharp'), v, 'positional ctor')
    v=pwsafe(16); P('r2-platform', wrap('ruby', f"ActiveRecord::Base.establish_connection(adapter: 'mysql2', username: 'app', :password => '{v}')", 'ruby'), v)
    v=pwsafe(16); P('r2-platform', wrap('go struct', f'cfg := Config{{\n    User:     "app",\n    Password: "{v}",\n}}', 'go'), v)
    v=pwsafe(16); P('r2-platform', wrap('wp-config', f"define( 'DB_PASSWORD', '{v}' );", 'php'), v, 'WordPress define()')
    v=rs(64, AL+'!@#$%^&*()-_[]{}<>~`+=,.;:/?|'); P('r2-platform', wrap('wp salts', f"define( 'AUTH_KEY',         '{v}' );", 'php'), v)
    v='base64:'+b64of(kit.urandom(32, 'laravel')); P('r2-platform', wrap('laravel', f'APP_KEY={v}', 'dotenv'), v)
    v=hx(128); P('r2-platform', wrap('rails', f'production:\n  secret_key_base: {v}', 'yaml'), v)
    v=hx(32); P('r2-platform', prose('rails master', f'config/master.key = `{v}`'), v)
    v=pwsafe(16); P('r2-platform', wrap('spring bean', f'<bean id="ds" class="org.apache.commons.dbcp2.BasicDataSource">\n  <property name="password" value="{v}"/>\n</bean>', 'xml'), v, 'name/value attrs')
    v=pwsafe(16); P('r2-platform', wrap('properties xml', f'<entry key="db.password">{v}</entry>', 'xml'), v)
    v=pwsafe(16); P('r2-platform', wrap('dotnet', f'<connectionStrings>\n  <add name="Main" connectionString="Data Source=sql01;Initial Catalog=hr;User ID=app;Password={v}" />\n</connectionStrings>', 'xml'), v)
    v=pwsafe(16); P('r2-platform', wrap('toml inline', f'db = {{ user = "app", password = "{v}" }}', 'toml'), v)
    v=pwsafe(16); P('r2-platform', wrap('props colon', f'db.password: {v}', 'properties'), v)
    v=pwsafe(16); P('r2-platform', wrap('ini pass', f'[ftp]\nhost = files.corp.example\npass = {v}', 'ini'), v, 'key "pass"')
    v=pwsafe(16); P('r2-platform', wrap('yaml block', f'database:\n  password: |\n    {v}', 'yaml'), v, 'YAML block scalar')
    v=pwsafe(16); P('r2-platform', wrap('minified json', f'{{"user":"app","password":"{v}","host":"db"}}', 'json'), v)
    v=pwsafe(16); P('r2-platform', wrap('py dict', f"DATABASES = {{'default': {{'USER': 'app', 'PASSWORD': '{v}'}}}}", 'python'), v)
    # cli
    v=pwsafe(16); P('r2-cli', wrap('wget', f'wget --user=ci --password={v} https://artifacts.corp.example/build.tgz', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('openssl', f'openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{v}', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('htpasswd', f'htpasswd -b -c /etc/nginx/.htpasswd admin {v}', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('sqlcmd', f'sqlcmd -S sql01 -U sa -P {v} -Q "SELECT 1"', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('mongosh', f'mongosh --host mongo.internal -u admin -p {v} --authenticationDatabase admin', 'bash'), v)
    v=rs(3)+'8Q~'+rs(34, AL+'-_.~'); P('r2-cli', wrap('az', f'az login --service-principal -u 0d9c{hx(4)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)} -p {v} --tenant acme.onmicrosoft.com', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('kubectl', f'kubectl create secret generic db --from-literal=username=app --from-literal=password={v}', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('docker run', f'docker run -d -e POSTGRES_PASSWORD={v} -p 5432:5432 postgres:16', 'bash'), v)
    v=b64u(40); P('r2-cli', wrap('heroku', f'heroku config:set API_KEY={v} -a acme-prod', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('vault', f'vault kv put secret/prod/db password={v}', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('ssh-keygen', f"ssh-keygen -t ed25519 -N '{v}' -f ~/.ssh/deploy", 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('keytool', f'keytool -genkeypair -alias app -keystore app.jks -storepass {v}', 'bash'), v)
    v='ghp_'+rs(36); P('r2-cli', wrap('git token user', f'git clone https://{v}@github.com/acme/private.git', 'bash'), v, 'token as URL username')
    v=pwsafe(16); P('r2-cli', wrap('curl url creds', f'curl https://admin:{v}@es.internal:9200/_cat/indices', 'bash'), v)
    v=pwsafe(16); P('r2-cli', wrap('git diff', f'diff --git a/.env b/.env\n--- a/.env\n+++ b/.env\n-DB_PASSWORD=old\n+DB_PASSWORD={v}', 'diff'), v, 'diff + line')
    # urls
    v=b64u(32); P('r2-url', prose('query', f'Export endpoint: https://api.corp.example/v1/export?format=csv&api_key={v}'), v)
    v=b64u(40); P('r2-url', prose('query token', f'https://hooks.corp.example/ingest?access_token={v}'), v)
    v=hx(48); P('r2-url', prose('jupyter', f'Notebook: http://127.0.0.1:8888/lab?token={v}'), v)
    v=pwsafe(16); P('r2-url', prose('md link', f'[Grafana](https://admin:{v}@grafana.corp.example/d/abc)'), v)
    v=pwsafe(16); P('r2-url', wrap('smtp url', f'EMAIL_URL=smtp://postmaster%40mg.corp.example:{v}@smtp.mailgun.org:587', 'bash'), v)
    v=pwsafe(16); P('r2-url', wrap('ftp url', f'ftp://deploy:{v}@ftp.corp.example/releases/', ''), v)
    v='p%40ss%21'+pwsafe(12); P('r2-url', wrap('urlencoded', f'postgres://app:{v}@db.internal/app', ''), v, 'percent-encoded password')
    v='https://discord.com/api/webhooks/'+str(R.randint(10**17,10**18))+'/'+rs(68, AL+'-_'); P('r2-url', prose('discord webhook', f'Alerts webhook {v}'), v)
    v='https://'+rs(5).lower()+'.webhook.office.com/webhookb2/'+hx(8)+'-'+hx(4)+'-'+hx(4)+'-'+hx(4)+'-'+hx(12)+'@'+hx(8)+'-'+hx(4)+'-'+hx(4)+'-'+hx(4)+'-'+hx(12)+'/IncomingWebhook/'+hx(32)+'/'+hx(8)+'-'+hx(4)+'-'+hx(4)+'-'+hx(4)+'-'+hx(12); P('r2-url', prose('teams webhook', f'Teams: {v}'), v)
    # vendors r2
    for fam, v in [('atlassian','ATATT3xFfGF0'+rs(170, AL+'-_')+'='+HX(8)), ('notion','secret_'+rs(43)), ('notion','ntn_'+rs(11, string.digits)+rs(35)),
                   ('sentry','sntrys_eyJpYXQiOjE3MTgw'+b64(80)+'_'+b64(43)), ('postman','PMAK-'+hx(24)+'-'+hx(34)), ('doppler','dp.st.prd.'+rs(43)),
                   ('tfcloud', rs(14)+'.atlasv1.'+rs(67)), ('age','AGE-SECRET-KEY-1'+rs(58, 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L')),
                   ('mapbox','sk.eyJ1IjoiYWNtZSIsImEiOiJ'+rs(40)+'.'+rs(22, AL+'-_')), ('mailchimp', hx(32)+'-us14'),
                   ('gitlab','gldt-'+rs(20)), ('slack','xapp-1-A'+up(10)+'-'+str(R.randint(10**12,10**13))+'-'+hx(64)),
                   ('github', 'ghr_'+rs(36)), ('openai','sk-svcacct-'+rs(74, AL+'-_')+'T3BlbkFJ'+rs(74, AL+'-_')),
                   ('anthropic','sk-ant-admin01-'+rs(93, AL+'-_')+'AA'), ('cloudflare', 'v1.0-'+hx(24)+'-'+hx(146)),
                   ('npm-legacy', None), ('heroku', None), ('groq','gsk_'+rs(52)), ('replicate','r8_'+rs(37)), ('vercel', 'vercel_blob_rw_'+rs(16)+'_'+rs(30))]:
        if fam=='npm-legacy':
            u=f'{hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}'; P('r2-vendor', wrap('.npmrc legacy uuid', f'//registry.npmjs.org/:_authToken={u}', 'ini'), u, 'legacy npm UUID token'); continue
        if fam=='heroku':
            u=f'{hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}'; P('r2-vendor', wrap('heroku', f'HEROKU_API_KEY={u}', 'bash'), u, 'Heroku API key is a UUID'); continue
        P('r2-vendor', prose(fam, f'{fam} token: {v}'), v, fam)
    # keys/encodings
    k,body=pem('RSA PRIVATE KEY', 12); kd=b64of((k+'\n').encode()); P('r2-key', wrap('kubeconfig', f'users:\n- name: admin\n  user:\n    client-certificate-data: {b64of(b"-----BEGIN CERTIFICATE-----"+b64(200).encode())}\n    client-key-data: {kd}', 'yaml'), [kd[:200], body.split(chr(10))[1]], 'base64-encoded PEM (LS0tLS1CRUdJTi)')
    k,body=pem('OPENSSH PRIVATE KEY', 6); P('r2-key', "# key in list\n\n- deploy key:\n\n    " + k.replace('\n','\n    ') + "\n", [body.split('\n')[1]], 'indented in list')
    k,body=pem('OPENSSH PRIVATE KEY', 6); P('r2-key', "# quoted key\n\n> " + k.replace('\n','\n> ') + "\n", [body.split('\n')[1]], 'blockquote')
    k,body=pem('PRIVATE KEY', 10); P('r2-key', wrap('yaml block key', 'tls:\n  key: |\n    ' + k.replace('\n','\n    '), 'yaml'), [body.split('\n')[1]])
    d=b64u(342); P('r2-key', wrap('private JWK', json.dumps({"kty":"RSA","kid":"k1","n":b64u(342),"e":"AQAB","d":d,"p":b64u(171),"q":b64u(171),"dp":b64u(171),"dq":b64u(171),"qi":b64u(171)}), 'json'), d, 'JWK with private d')
    v='0x'+hx(64); P('r2-key', prose('wallet', f'Test wallet private key: {v}'), v, 'eth private key')
    dj=json.dumps({"auths":{"ghcr.io":{"auth":b64of(("bot:"+'ghp_'+rs(36)).encode())}}}); v=b64of(dj.encode()); P('r2-key', wrap('k8s dockerconfigjson', f'kind: Secret\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: {v}', 'yaml'), v[:60], 'double-encoded')
    tok='ghp_'+rs(36); v=b64of(tok.encode()); P('r2-key', wrap('b64 token', f'GH_TOKEN_B64={v}', 'bash'), [v, tok], 'base64 of ghp token')
    v=jwt(); P('r2-key', wrap('kubeconfig token', f'users:\n- name: sa\n  user:\n    token: {v}', 'yaml'), v)
    # file-format variants of a plain secret
    v=pwsafe(16); P('r2-format', None, v, 'CRLF'); samples[-1]['text']=f'# crlf\r\n\r\nDB_PASSWORD={v}\r\n'
    v=pwsafe(16); P('r2-format', None, v, 'UTF-8 BOM'); samples[-1]['text']=f'\ufeffDB_PASSWORD={v}\n'
    v=pwsafe(16); P('r2-format', None, v, 'UTF-16LE with BOM'); samples[-1]['text']=f'DB_PASSWORD={v}\n'; samples[-1]['enc']='utf-16'
    v=pwsafe(16); P('r2-format', None, v, 'no trailing newline'); samples[-1]['text']=f'# x\n\nDB_PASSWORD={v}'
    v=pwsafe(16); P('r2-format', None, v, 'very long line'); samples[-1]['text']='# long\n\n' + ('lorem ipsum ' * 2000) + f' DB_PASSWORD={v} ' + ('dolor ' * 500) + '\n'
    v=pwsafe(16); P('r2-format', None, v, 'after 5000 lines'); samples[-1]['text']='# big\n\n' + ''.join(f'- item {i}\n' for i in range(5000)) + f'DB_PASSWORD={v}\n'
    v=pwsafe(16); P('r2-format', None, v, 'GBK-encoded Chinese'); samples[-1]['text']=f'# 备忘\n\n数据库密码是 {v}\n'; samples[-1]['enc']='gbk'
    v=pwsafe(16); P('r2-format', None, v, 'U+3000 ideographic space'); samples[-1]['text']=f'# 备忘\n\n密码\u3000{v}\n'
    v=pwsafe(16); P('r2-format', None, v, 'HTML comment'); samples[-1]['text']=f'# hidden\n\n<!-- DB_PASSWORD={v} -->\n'
    v='ghp_'+rs(36); P('r2-format', None, v, 'in markdown footnote'); samples[-1]['text']=f'# refs\n\nSee release script[^1].\n\n[^1]: uses {v}\n'

    # ---- round 2 negatives ----
    for t in ['password: null', 'password: ""', 'password: ~', 'password: false', "password: \"{{ lookup('env', 'DB_PASSWORD') }}\"",
              'password: !secret db_password', 'password: ${file:/run/secrets/db}', 'token: "$(cat ~/.config/acme/token)"',
              'password: "{{ .Env.DB_PASSWORD }}"', 'password: "<hidden>"', 'password: (redacted)', 'api_key: "sk-ant-api03-..."',
              'api_key: sk-xxxxxxxxxxxxxxxxxxxxxxxx', 'token_type: bearer', 'grant_type: password', 'secret: true']:
        N('r2-placeholder', wrap('cfg', t, 'yaml'))
    N('r2-placeholder', wrap('bash', 'read -rs -p "Password: " PASSWORD\nexport PGPASSWORD="$PASSWORD"', 'bash'))
    N('r2-placeholder', wrap('vault subshell', 'export DB_PASSWORD=$(vault kv get -field=password secret/prod/db)', 'bash'))
    N('r2-placeholder', wrap('win', 'set DB_PASSWORD=%DB_PASSWORD%\n$env:API_KEY = $env:ACME_API_KEY', 'bat'))
    N('r2-placeholder', wrap('azure devops', 'Server=sql01;Database=hr;User Id=app;Password=$(DbPassword);', ''))
    N('r2-placeholder', wrap('empty', 'Server=sql01;Database=hr;User Id=app;Password=;', ''))
    N('r2-placeholder', wrap('fmt', 'conn = f"Server=sql01;User Id={user};Password={password};"', 'python'))
    N('r2-placeholder', wrap('docker passthrough', 'docker run -e POSTGRES_PASSWORD -e API_TOKEN postgres:16', 'bash'))
    N('r2-placeholder', wrap('pw file', 'pg_dump --no-password -h db -U app app > dump.sql  # uses ~/.pgpass\nrestic --password-file /etc/restic/pass backup /srv', 'bash'))
    N('r2-placeholder', wrap('trunc key', '-----' + 'BEGIN ' + 'RSA PRIVATE KEY-----\n...\n-----' + 'END RSA PRIVATE KEY-----', ''), 'truncated placeholder key')
    N('r2-placeholder', wrap('redacted key', '-----' + 'BEGIN ' + 'OPENSSH PRIVATE KEY-----\n<redacted>\n-----' + 'END OPENSSH PRIVATE KEY-----', ''))
    N('r2-placeholder', prose('zh redacted', '密码：已脱敏（见 Vault）'))
    N('r2-placeholder', prose('zh empty', '测试环境默认无密码，直接回车即可。'))
    N('r2-placeholder', prose('example password doc', 'Passwords like `Password123` or `qwerty` are rejected by the validator.'), 'debatable: doc examples of bad passwords')
    N('r2-placeholder', wrap('ssh', 'ssh -i ~/.ssh/id_rsa -o IdentitiesOnly=yes ops@10.0.4.2\nopenssl genrsa -out key.pem 4096', 'bash'))
    # public / ids
    ca='LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1J'+b64of(kit.urandom(600, 'kubeconfig-ca'))
    N('r2-public', wrap('kubeconfig ca', f'clusters:\n- cluster:\n    certificate-authority-data: {ca}\n    server: https://10.0.0.1:6443', 'yaml'), 'base64 of a certificate')
    N('r2-public', wrap('public JWK', json.dumps({"keys":[{"kty":"RSA","kid":"k1","use":"sig","n":b64u(342),"e":"AQAB"}]}), 'json'))
    N('r2-public', prose('eth address', f'Send test ETH to 0x{hx(40)}.'))
    N('r2-public', prose('pkce', f'code_challenge={b64u(43)}&code_challenge_method=S256&state={hx(16)}&nonce={b64u(22)}'), 'PKCE challenge/state are public')
    N('r2-public', prose('sentry dsn', f'SENTRY_DSN=https://{hx(32)}@o{R.randint(10**5,10**6)}.ingest.sentry.io/{R.randint(10**6,10**7)}'), 'Sentry DSN public key (debatable)')
    N('r2-public', prose('stripe ids', 'Customer cus_NffrFeUfNV2Hib, payment pi_3MtwBwLkdIwHu7ix28a3tqPa, price price_1MoBy5LkdIwHu7ixZhnattbh.'))
    N('r2-public', prose('pk test', f'Checkout uses pk_test_{rs(99)} in the sandbox.'), 'publishable test key')
    N('r2-public', prose('twilio sid', f'Account SID AC{hx(32)} (not secret; auth token lives in Vault).'), 'SID alone (debatable)')
    N('r2-public', prose('mapbox pk', f'Public map token pk.eyJ1IjoiYWNtZSIsImEiOiJ{rs(40)}.{rs(22, AL+"-_")}'), 'public Mapbox token')
    N('r2-public', prose('ulid', 'Job 01HZX3K9M2Q8R7T6Y5W4V3U2S1 and nanoid V1StGXR8_Z5jdHi6B-myT finished.'))
    N('r2-public', prose('short links', 'Slides: https://bit.ly/3xYz9Qw ; video https://youtu.be/dQw4w9WgXcQ?t=42'))
    N('r2-public', prose('argon hash', f'Stored hash: $argon2id$v=19$m=65536,t=3,p=4${b64(22)}${b64(43)}'), 'password hash (debatable)')
    N('r2-public', prose('csrf', f'The form posts csrfmiddlewaretoken={rs(64)} which is per-session.'), 'debatable')
    N('r2-public', prose('sklearn', 'Use sk-learn (scikit-learn) pipelines; locale sk-SK; CSS .sk-spinner and .sk-circle-bounce.'))
    N('r2-public', prose('request id', f'X-Request-Id: {hx(32)}  X-Amzn-Trace-Id: Root=1-{hx(8)}-{hx(24)}'))
    N('r2-public', prose('git objects', f'tree {hx(40)}\nparent {hx(40)}\nauthor Jane <jane@acme.dev> 1718000000 +0000'))
    N('r2-public', wrap('docker build', f' => [internal] load metadata for docker.io/library/node:20        1.2s\n => CACHED [2/6] WORKDIR /app                                         0.0s\n => writing image sha256:{hx(64)}  0.0s', ''))
    N('r2-public', wrap('npm audit', 'found 0 vulnerabilities\nadded 1284 packages, and audited 1285 packages in 38s\n218 packages are looking for funding', ''))
    N('r2-public', wrap('pytest', "FAILED tests/test_auth.py::test_login_rejects_bad_password - AssertionError: assert 401 == 200\n==== 1 failed, 212 passed in 9.81s ====", ''))
    N('r2-public', wrap('gpg list', f'sec   ed25519/{HX(16)} 2024-01-01 [SC]\n      {HX(40)}\nuid                 [ultimate] Jane <jane@acme.dev>', ''))
    N('r2-public', prose('k8s token discussion', 'ServiceAccount tokens are projected into /var/run/secrets/kubernetes.io/serviceaccount/token.'))
    N('r2-public', wrap('base64 json', f'payload: {b64of(json.dumps({"event":"deploy","service":"api","region":"eu-west-1","ok":True}).encode())}', 'yaml'))
    N('r2-public', wrap('long hex seed', f'RANDOM_SEED={hx(16)}\nBUILD_ID={hx(40)}', 'bash'), 'hex ids with non-secret key names')
    N('r2-public', prose('zh hash', f'这个文件的 sha256 是 {hx(64)}，提交号 {hx(40)}。'))
    N('r2-public', prose('zh uuid', f'租户 ID：{hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}'))
    N('r2-public', wrap('i18n', 'login.password.label=Password\nlogin.password.placeholder=Enter your password\nlogin.token.expired=Your session token expired', 'properties'))
    N('r2-public', wrap('html form', '<input type="password" name="password" autocomplete="current-password" placeholder="Password">', 'html'))
    N('r2-public', wrap('swagger', 'parameters:\n  - name: api_key\n    in: header\n    required: true\n    schema:\n      type: string\n      example: YOUR_API_KEY', 'yaml'))
    N('r2-public', prose('key ids', f'KMS key id {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}; GPG key id 0x{HX(16)}; private_key_id is {hx(40)} (rotated).'), 'debatable: private_key_id')
    N('r2-public', wrap('ssh config', 'Host bastion\n  HostName 10.0.4.2\n  User ops\n  IdentityFile ~/.ssh/bastion_ed25519\n  PasswordAuthentication no', ''))
    N('r2-public', wrap('pg_hba', 'host  all  all  10.0.0.0/8  scram-sha-256\nlocal all  postgres         peer', ''))
    N('r2-public', prose('camel ids', 'Component ids: `QmXoypizjW3WknFiJnKLwHCnL72vedxjQkDDP1mXWo6uco` (IPFS CID of the public docs bundle).'), 'IPFS CID (base58 high-entropy, public)')

    return samples


# ---------------------------------------------------------------- round 3 (the reviewer's gen/gen3.py)
def round3(seed: int) -> list[tuple]:
    R = random.Random(seed)
    def hx(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
    F = '```'
    def wrap(t, body, lang='yaml'): return f"# {t}\n\nNotes from the session.\n\n{F}{lang}\n{body}\n{F}\n"
    negs=[
     ('r3-config', wrap('oidc', 'token_endpoint: https://oauth2.googleapis.com/token\nsecret_name: prod-db-credentials-v2\npassword_reset_url: https://acme.dev/account/reset')),
     ('r3-config', wrap('gh token', 'with:\n  token: ${{ github.token }}\n  password: ${{ secrets.REGISTRY_PASSWORD }}')),
     ('r3-config', wrap('iam', 'passwordPolicy: MinimumLength=14,RequireSymbols=true,MaxPasswordAge=90')),
     ('r3-config', wrap('oauth file', 'client_secret_file: /etc/oauth/client_secret_web.json\nprivate_key_path: ~/.ssh/id_ed25519_deploy')),
     ('r3-config', wrap('kv', 'KEY_VAULT_URI=https://acme-kv.vault.azure.net/\naws_secret_access_key =', 'ini')),
     ('r3-config', wrap('mkdocs', 'api_key: !ENV ${API_KEY}\npassword: !ENV [DB_PASSWORD, ""]')),
     ('r3-config', wrap('symfony', 'doctrine:\n  dbal:\n    password: "%env(DATABASE_PASSWORD)%"')),
     ('r3-config', wrap('erb', 'token: <%= ENV["TOKEN"] %>\npassword: "#{ENV.fetch(\'DB_PASSWORD\')}"')),
     ('r3-config', wrap('django', 'SECRET_KEY = env("DJANGO_SECRET_KEY")\nDATABASES["default"]["PASSWORD"] = env.str("DB_PASSWORD")', 'python')),
     ('r3-config', wrap('k8s ref', 'secret_key_ref: db-secret\npassword_env: DB_PASSWORD\ntoken_secret_name: gh-app-token')),
     ('r3-config', wrap('docker auth example', '{"auths": {"registry.local:5000": {"auth": "dXNlcjpwYXNzd29yZA=="}}}', 'json'), 'base64 of "user:password" (placeholder creds; debatable)'),
     ('r3-llm', wrap('model config', 'tokenizer: bert-base-uncased\nmax_tokens: 4096\ntokens_per_second: 38.5\ntoken_ids: [101, 2023, 2003, 1037, 3231, 102]')),
     ('r3-llm', f"# eval\n\nRan `claude-3-5-sonnet-20241022` with `max_output_tokens=8192`; cost $0.42 for 131072 input tokens.\n"),
     ('r3-llm', wrap('hf', 'model_id: meta-llama/Meta-Llama-3-8B-Instruct\nrevision: ' + hx(40) + '\nuse_auth_token: true')),
     ('r3-zh', "# 密码学\n\n密码学课程笔记：AES-256-GCM 的 nonce 长度是 12 字节，密钥长度 32 字节。\n"),
     ('r3-zh', "# 限流\n\n令牌桶算法（token bucket）限流 100 rps，桶容量 200。\n"),
     ('r3-zh', "# 登录\n\n密码错误超过 5 次锁定账号 30 分钟；密码字段使用 bcrypt(cost=12) 存储。\n"),
     ('r3-zh', "# 密钥轮换\n\n密钥每季度轮换一次，轮换脚本：`scripts/rotate_keys.sh --env prod`。\n"),
     ('r3-ids', wrap('cache', f'cache_key: user:123:profile:v2\nidempotency_key_header: Idempotency-Key\nsession_cookie_name: __Host-sid')),
     ('r3-ids', wrap('ssh fp', f'sshKeyFingerprint: SHA256:{"".join(R.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(43))}\npubkey: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFq{hx(40)} ops@bastion')),
     ('r3-ids', f"# lockfile\n\n{F}json\n\"node_modules/jsonwebtoken\": {{\n  \"version\": \"9.0.2\",\n  \"resolved\": \"https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz\",\n  \"integrity\": \"sha512-PRp66vJ865SSqOlgqS8hujT5U4AOgMfhrwYIuIhfKaoSCZcirrmASQr8CX7cUg+RMih+hgznrjp99o+W4pJLHQ==\"\n}}\n{F}\n"),
     ('r3-ids', wrap('pass hash', f'passwordHash: "sha256:{hx(64)}"\npassword_sha1: {hx(40)}'), 'hash of a password (debatable)'),
     ('r3-ids', "# tables\n\n| Key | Value |\n|---|---|\n| password_min_length | 14 |\n| token_ttl | 3600 |\n| secret_rotation | quarterly |\n"),
     ('r3-ids', "# 1password\n\nCLI: `op read op://Infra/prod-db/password` and `op item get \"Prod DB\" --fields label=password`.\n"),
     ('r3-ids', wrap('python default', 'def connect(host="localhost", user="postgres", password=None, token: str | None = None):\n    ...', 'python')),
    ]
    return negs


def build(seed: int = DEFAULT_SEED) -> list[dict]:
    """Every sample in the reviewer's order: id, name, label, family, values, note, [round], data (bytes), title."""
    s1, s2, s3 = round_seeds(seed)
    out: list[dict] = []

    def add(sid: str, s: dict, rnd: int | None) -> None:
        enc = s.get('enc', 'utf-8')
        data = b'\xff\xfe' + s['text'].encode('utf-16-le') if enc == 'utf-16' else s['text'].encode(enc)
        lab = dict(id=sid, name=f"{sid}.md", label=s['label'], family=s['family'], values=s['values'], note=s['note'])
        if rnd is not None:
            lab['round'] = rnd
        first = s['text'].split('\n', 1)[0].rstrip('\r')
        out.append({**lab, "data": data, "title": first[2:] if first.startswith('# ') else ""})

    for base, rnd, samples in ((0, None, round1(s1, seed)), (200, 2, round2(s2, seed))):
        cnt = {'pos': base, 'neg': base}
        for s in samples:
            cnt[s['label']] += 1
            add(f"{s['label']}-{cnt[s['label']]:03d}-{s['family']}", s, rnd)
    n = 400
    for fam, text, *note in round3(s3):
        n += 1
        add(f'neg-{n:03d}-{fam}', dict(label='neg', family=fam, text=text, values=[], note=note[0] if note else ''), 3)
    return out


def write_set(folder: Path, samples: list[dict]) -> list[dict]:
    """Write the notes and labels.jsonl (the reviewer's fields; file = the written path)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    labels = []
    for s in samples:
        path = folder / s["name"]
        path.write_bytes(s["data"])
        lab = {"id": s["id"], "file": str(path), "label": s["label"], "family": s["family"], "values": s["values"],
               "note": s["note"]}
        if "round" in s:
            lab["round"] = s["round"]
        labels.append(lab)
    with open(folder / "labels.jsonl", "w", encoding="utf-8") as f:
        for lab in labels:
            f.write(json.dumps(lab, ensure_ascii=False) + "\n")
    return labels


# ---------------------------------------------------------------- running the scanner
def scanner_env(home: Path, repo: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSYNC_")}
    env.update(HOME=str(home), PYTHONPATH=str(repo))
    return env


def scan_one(path: str, env: dict[str, str], cwd: Path) -> dict:
    """The reviewer's run.py: the file alone, once with --json and once without, each a whole process."""
    base = [sys.executable, "-m", "memsync", "secrets", "scan"]
    pj = subprocess.run(base + ["--json", path], capture_output=True, text=True, cwd=cwd, env=env)
    pt = subprocess.run(base + [path], capture_output=True, text=True, cwd=cwd, env=env)
    try:
        js = json.loads(pj.stdout)
    except ValueError:
        js = None
    return {"rc_json": pj.returncode, "rc_text": pt.returncode, "json": js,
            "outputs": [pj.stdout, pj.stderr, pt.stdout, pt.stderr]}


def git_state(repo: Path) -> str:
    def git(*a: str) -> str:
        p = subprocess.run(["git", "-C", str(repo), *a], capture_output=True, text=True)
        return p.stdout.strip() if p.returncode == 0 else ""
    head = git("rev-parse", "--short", "HEAD")
    if not head:
        return f"`{repo}` (not a git checkout)"
    dirty = git("status", "--porcelain", "--", "memsync")
    return f"commit {head}" + (" with uncommitted changes under memsync/" if dirty else " (memsync/ unmodified)")


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "n/a"


# ---------------------------------------------------------------- scoring and report
def debatable(lab: dict) -> bool:
    return "debatable" in (lab.get("note") or "")


def rnd(lab: dict) -> int:
    return lab.get("round", 1)


def frac(k: int, n: int) -> str:
    return f"{k}/{n} = {k / n:.1%}" if n else "–"


def render(labels: list[dict], res: dict[str, dict], title: str, seed: int, scanner: str, load0: str, load1: str,
           wall: float, leaks: int, heads: dict[str, str]) -> str:
    det = lambda lab: res[lab["id"]]["rc_json"] == 1  # noqa: E731
    pos = [x for x in labels if x["label"] == "pos"]
    neg = [x for x in labels if x["label"] == "neg"]
    agree = sum(1 for x in labels if res[x["id"]]["rc_text"] == res[x["id"]]["rc_json"])
    errors = sum(1 for x in labels if res[x["id"]]["rc_json"] not in (0, 1) or res[x["id"]]["rc_text"] not in (0, 1))
    skipped = sum(1 for x in labels if (res[x["id"]]["json"] or {}).get("skipped"))
    scan_err = sum(1 for x in labels if (res[x["id"]]["json"] or {}).get("errors"))
    s1, s2, s3 = round_seeds(seed)

    def rate(rows: list[dict]) -> tuple[int, int]:
        return sum(det(x) for x in rows), len(rows)

    def strict(rows: list[dict]) -> list[dict]:
        return [x for x in rows if not debatable(x)]

    L = [f"## {title}\n"]
    L.append(f"Seed {seed} (rounds 1-3: Random({s1}), Random({s2}), Random({s3})). {len(labels)} files: {len(pos)} pos, "
             f"{len(neg)} neg; marked debatable: {sum(map(debatable, pos))} pos, {sum(map(debatable, neg))} neg.  ")
    L.append(f"Scanner: `python3 -m memsync secrets scan --json FILE` and `... scan FILE`, each file in its own process, "
             f"from {scanner}.  ")
    L.append(f"Load before: `{load0}`  \nLoad after: `{load1}`  ")
    L.append(f"Wall time for the {2 * len(labels)} processes: {wall:.0f} s  ")
    L.append(f"Exit codes: JSON and text runs agree for {agree}/{len(labels)} files; errors (exit not 0 or 1) {errors}; "
             f"files with skipped paths {skipped}, with scan errors {scan_err}  ")
    L.append(f"Runs whose output (stdout or stderr, text or JSON) holds a whole planted value: **{leaks}** of "
             f"{2 * len(labels)}\n")
    L.append("### Overall\n")
    L.append('| | all samples | excluding samples marked "debatable" |')
    L.append("|---|---|---|")
    L.append(f"| Recall (positive files flagged) | {frac(*rate(pos))} | {frac(*rate(strict(pos)))} |")
    L.append(f"| False positives (negative files flagged) | {frac(*rate(neg))} | {frac(*rate(strict(neg)))} |")
    def kn(rows: list[dict]) -> str:
        return "%d/%d" % rate(rows) if rows else "–"

    for r in (1, 2, 3):
        p = [x for x in pos if rnd(x) == r]
        n = [x for x in neg if rnd(x) == r]
        L.append(f"| Round {r} recall / FP | {kn(p)} / {kn(n)} | {kn(strict(p))} / {kn(strict(n))} |")
    L.append("")
    L.append("### By family\n")
    L.append("| family | round | pos | flagged | recall | neg | flagged | FP rate |")
    L.append("|---|---|---|---|---|---|---|---|")
    fams: OrderedDict[str, list[dict]] = OrderedDict()
    for x in labels:
        fams.setdefault(x["family"], []).append(x)
    for fam, rows in fams.items():
        p = [x for x in rows if x["label"] == "pos"]
        n = [x for x in rows if x["label"] == "neg"]
        kp, kn = rate(p)[0], rate(n)[0]
        L.append(f"| {fam} | {rnd(rows[0])} | {len(p) or '–'} | {kp if p else '–'} | {f'{kp / len(p):.0%}' if p else '–'} "
                 f"| {len(n) or '–'} | {kn if n else '–'} | {f'{kn / len(n):.0%}' if n else '–'} |")
    L.append("")

    def what(x: dict) -> str:
        bits = [x["family"]] + ([f'"{heads[x["id"]]}"'] if heads.get(x["id"]) else []) + ([x["note"]] if x["note"] else [])
        return "; ".join(bits)

    def where(x: dict) -> str:
        fs = (res[x["id"]]["json"] or {}).get("findings") or []
        return "; ".join(f"L{f['line']} {f['rule']}" for f in fs)

    L.append("### Misses (positive files not flagged)\n")
    for x in pos:
        if not det(x):
            L.append(f"- `{x['id']}` ({what(x)})")
    L.append("")
    L.append("### False positives (negative files flagged)\n")
    for x in neg:
        if det(x):
            L.append(f"- `{x['id']}` ({what(x)}): {where(x)}")
    L.append("")
    return "\n".join(L)


HEADER = """# Blind evaluation 4: the secret gate on one credential or look-alike per note

Set built by bench/secrets_blind_notes.py. It was written blind by a reviewer from knowledge of
credential formats (vendor token shapes, config and CLI syntaxes, connection strings, key blocks,
how people write passwords in notes, in English and Chinese), without reading the scanner's code,
its tests, its docs or its benchmarks: the reviewer used only `memsync secrets --help`,
`memsync secrets scan --help` and black-box runs. The reviewer wrote three generators (round 1:
the families asked for; round 2: harder and realistic variants; round 3: more look-alikes) and
labelled every sample pos (a credential: the file must be flagged) or neg (a look-alike: it must
not be). A sample whose label can be argued says "debatable" in its note, and the strict column
leaves those out. The reviewer's file times suggest that rounds 2 and 3 were written after a
first scan of round 1. Those rounds are blind to the scanner's code, but not necessarily to how
it behaved on round 1.

The script is a port of the reviewer's generators. For the default seed it writes the reviewer's
542 files byte for byte: each file was checked against the reviewer's draw, and the labels match
except for the folder in `file`. The reviewer's generator drew two values from `os.urandom`: the
Laravel APP_KEY positive and the kubeconfig CA look-alike. The script embeds those bytes for the
default seed and draws them from the seed for any other seed.

Scoring follows the reviewer's method. Each file is scanned alone, in its own process, once with
`--json` and once without (HOME is an empty folder and MEMSYNC_* is unset). Exit 1 counts as a
detection and 0 as clean. Recall is the share of positive files flagged; false positives are
negative files flagged. Every run's stdout and stderr, text and JSON, is checked for every planted
value of 6 or more characters, including the decoded form of base64 samples. Misses and false
positives are listed by id, family, the note's heading (in quotes) and the reviewer's note.

The first run below is the blind figure: the scanner as the reviewer saw it, run from a clean
clone at commit 27c68a9 with `--repo`. It reproduces the reviewer's scored run file for file,
with the same exit codes and the same findings (line, column, rule and masked value) for each of
the 542 files. Its figures therefore match the reviewer's report: recall 272/293 and false
positives 6/249 over all samples; 272/292 and 4/236 without the debatable ones. Later sections
are development data.

Run: `python3 bench/secrets_blind_notes.py [--seed N] [--repo DIR] [--no-write] [--section NAME]`
"""


def planted(labels: list[dict]) -> set[str]:
    return {v for x in labels for v in x["values"] if len(v) >= 6}


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help="another seed: same samples, other values")
    ap.add_argument("--out", type=Path, default=OUT, help="folder for the set and raw results (default bench/out/...)")
    ap.add_argument("--repo", type=Path, default=REPO, help="checkout whose memsync is run (PYTHONPATH)")
    ap.add_argument("--jobs", type=int, default=1, help="files scanned at once (default 1)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave bench/results alone")
    ap.add_argument("--gen-only", action="store_true", help="write the set and stop")
    # A re-run is development data: it must never replace the blind first run by default.
    ap.add_argument("--section", default="Re-run (development data)",
                    help="section of the results file to write or replace (the first run's is 'First run (blind)')")
    args = ap.parse_args()
    out = args.out.resolve()
    repo = args.repo.resolve()
    samples = build(args.seed)
    heads = {s["id"]: s["title"] for s in samples}
    labels = write_set(out / "samples", samples)
    print(f"wrote {len(labels)} samples to {out / 'samples'}", file=sys.stderr)
    if args.gen_only:
        return
    tmp = Path(tempfile.mkdtemp(prefix="blindnotes-"))
    try:
        (tmp / "home").mkdir()
        (tmp / "cwd").mkdir()
        env = scanner_env(tmp / "home", repo)
        load0 = uptime()
        t0 = time.perf_counter()
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            runs = list(ex.map(lambda x: scan_one(x["file"], env, tmp / "cwd"), labels))
        wall = time.perf_counter() - t0
        load1 = uptime()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    res = {x["id"]: r for x, r in zip(labels, runs)}
    values = planted(labels)
    leaks = sum(1 for r in runs for o in (r["outputs"][0] + r["outputs"][1], r["outputs"][2] + r["outputs"][3])
                if any(v in o for v in values))
    raw = [{"id": x["id"], "label": x["label"], "family": x["family"], "rc_json": res[x["id"]]["rc_json"],
            "rc_text": res[x["id"]]["rc_text"], "json": res[x["id"]]["json"]} for x in labels]
    (out / "results.json").write_text(json.dumps(raw, ensure_ascii=False, indent=1), encoding="utf-8")
    md = render(labels, res, args.section, args.seed, git_state(repo), load0, load1, wall, leaks, heads)
    assert not any(v in md for v in values), "report would hold a planted value"
    print(md)
    if not args.no_write:
        write_section(RESULT, HEADER, args.section, md)


if __name__ == "__main__":
    main()
