"""A labelled set for memsync's duplicate gate: (existing entry, candidate) pairs with the truth.

Written by hand from descriptions of what a coding agent stores (pitfalls,
decisions, preferences, facts about deploys, databases, CI, tooling and
languages) and of how a language model rewords a memory it is "remembering"
again, without looking at any implementation of the rule. Each topic is one
existing entry and hand-written candidates:

- ``paraphrase`` (duplicate): the same fact reworded: reordered, synonyms,
  shortened or lengthened, another sentence shape, Chinese <-> mixed register,
  summary-only or summary + body;
- ``near-miss`` (new): same topic, most words shared, but one thing is new: a
  number, version, port, identifier, flag, a flipped negation, a new condition
  or exception, a reversed decision;
- ``related`` (new): same area, a different fact.

``pairs()`` adds generated surface variants whose label follows from the
hand-written one: a filler prefix ("Note:", "记住：") on a paraphrase and on a
near-miss, a paraphrase's summary with the existing body copied (or its body
dropped), and ``unrelated`` pairs (new): a candidate taken from a topic of a
different area in the same language.

A pair's language is its topic's: ``zh`` (Chinese), ``en`` (English), ``mixed``
(Chinese with Latin identifiers glued in, as developers write). A candidate in
a zh topic may switch to the mixed register (that is one of the rewrites).
"""
from __future__ import annotations

from dataclasses import dataclass

LANGUAGES = ("zh", "en", "mixed")
# class -> the truth: is the candidate a duplicate of the existing entry?
CLASSES = {"paraphrase": True, "near-miss": False, "related": False, "unrelated": False}
KINDS = {"pitfalls": "pitfall", "decisions": "decision", "preferences": "preference", "facts": "fact"}
OTHER_CATEGORY = {"pitfalls": "facts", "facts": "pitfalls", "decisions": "preferences", "preferences": "decisions"}
PREFIXES = {
    "en": ("Note: ", "Reminder: ", "Remember: ", "FYI: "),
    "zh": ("记住：", "备忘：", "提醒：", "注意："),
    "mixed": ("记住：", "Note: ", "备忘：", "提醒一下，"),
}


@dataclass(frozen=True)
class Memory:
    summary: str
    load_when: tuple[str, ...]
    body: str
    category: str

    @property
    def kind(self) -> str:
        return KINDS[self.category]

    def text(self) -> str:
        return "\n".join([self.summary, *self.load_when, self.body])


@dataclass(frozen=True)
class Pair:
    id: str
    language: str
    cls: str
    topic: str
    existing: Memory
    candidate: Memory
    note: str  # for a paraphrase: how it was reworded; otherwise: what it says that is new

    @property
    def duplicate(self) -> bool:
        return CLASSES[self.cls]


def change_kind(note: str) -> str:
    """What a near-miss changes, from its note (for the report's breakdown)."""
    base = note.split(": ", 1)[1] if note.startswith("filler prefix") else note
    if base.startswith("negation"):
        return "negation flipped"
    if base.startswith(("reversed", "swapped")):
        return "reversed decision"
    if base.startswith(("different number", "different port", "different size", "different frequency",
                        "different hours", "different day", "new numbers", "new value", "version")):
        return "number or version"
    if base.startswith(("different flag", "new flag", "different setting", "different policy", "different directive")):
        return "flag or setting"
    if base.startswith("different"):
        return "identifier or subject"
    return "added condition, exception or fact"


# A candidate as written: (note, summary, load_when, body) or with a 5th item, its category.
Cand = tuple


@dataclass(frozen=True)
class Topic:
    name: str
    language: str
    area: str
    existing: Memory
    para: tuple[Cand, ...]
    near: tuple[Cand, ...]
    related: tuple[Cand, ...]


TOPICS: list[Topic] = []


def topic(name: str, language: str, area: str, category: str, summary: str, load_when: list[str], body: str, *,
          para: list[Cand], near: list[Cand], related: list[Cand]) -> None:
    TOPICS.append(Topic(name, language, area, Memory(summary, tuple(load_when), body, category),
                        tuple(para), tuple(near), tuple(related)))


def _memory(cand: Cand, default_category: str) -> Memory:
    note, summary, load_when, body, *rest = cand
    return Memory(summary, tuple(load_when), body, rest[0] if rest else default_category)


# ---------------------------------------------------------------------------------------------
# English
# ---------------------------------------------------------------------------------------------

topic("en-staging-pg-port", "en", "db", "facts",
      "Staging Postgres listens on port 5433, not the default 5432.",
      ["postgres", "staging", "psql"],
      "Two clusters share the staging host. The application database was moved to 5433, so psql without "
      "-p 5433 silently connects to the old reporting cluster.",
      para=[
          ("reordered, shortened", "On staging, the Postgres port is 5433 (not 5432).", ["staging", "postgres"], ""),
          ("synonyms, body reworded", "Connect to the staging database on 5433 instead of the standard 5432",
           ["staging db", "port"],
           "The staging machine runs two Postgres clusters and the app one moved to port 5433. Plain psql "
           "without -p lands on the reporting cluster."),
          ("terse note shape", "staging postgres port = 5433; psql defaults to 5432 and hits the reporting cluster",
           ["postgres"], ""),
      ],
      near=[
          ("different port", "Staging Postgres listens on port 5434, not the default 5432.",
           ["postgres", "staging", "psql"],
           "Two clusters share the staging host. The application database was moved to 5434, so psql without "
           "-p 5434 silently connects to the old reporting cluster."),
          ("different environment", "Production Postgres listens on port 5433, not the default 5432.",
           ["postgres", "production", "psql"], ""),
          ("reversed: back to the default", "Staging Postgres is back on the default port 5432; 5433 is no longer used.",
           ["postgres", "staging"],
           "The reporting cluster was retired, so the application database moved back to 5432."),
      ],
      related=[
          ("another staging DB fact", "Staging Postgres is reset from the production snapshot every Sunday night.",
           ["postgres", "staging"],
           "Anything written to staging during the week is lost; keep test fixtures in seed scripts."),
      ])

topic("en-xdist-redis", "en", "testing", "pitfalls",
      "Integration tests fail with more than 4 pytest-xdist workers: the shared test Redis allows only 50 connections.",
      ["pytest", "xdist", "redis", "integration tests"],
      "Each worker opens a pool of 12 connections. With -n 8 the limit is hit and tests fail with "
      "'max number of clients reached'. Use -n 4.",
      para=[
          ("shortened, negative imperative", "Don't run integration tests with more than 4 xdist workers (Redis connection limit).",
           ["pytest", "redis"], ""),
          ("imperative summary, reasons in body", "Keep pytest-xdist at -n 4 for integration tests", ["pytest", "xdist"],
           "The test Redis caps clients at 50 and every worker opens 12 connections, so -n 8 fails with "
           "'max number of clients reached'."),
          ("cause first", "The test Redis allows 50 connections, so integration tests break above 4 pytest-xdist workers.",
           ["redis", "integration tests"], ""),
      ],
      near=[
          ("different numbers", "Integration tests fail with more than 8 pytest-xdist workers: the shared test Redis allows only 100 connections.",
           ["pytest", "xdist", "redis", "integration tests"], ""),
          ("new exception", "Integration tests fail with more than 4 pytest-xdist workers, except on the nightly runner, which has its own Redis.",
           ["pytest", "xdist", "redis"], ""),
          ("reversed: limit raised", "The test Redis connection limit was raised to 500; integration tests now run fine with -n 16.",
           ["pytest", "redis", "integration tests"], ""),
      ],
      related=[
          ("another test-suite fact", "Integration tests are marked @pytest.mark.integration and are left out of the pre-commit test run.",
           ["pytest", "integration tests"], ""),
      ])

topic("en-rebase", "en", "git", "preferences",
      "Use rebase, not merge commits, when updating feature branches.",
      ["git", "rebase", "pull"],
      "The user wants linear history: git pull --rebase on feature branches. PRs into main go in with the "
      "squash button.",
      para=[
          ("synonyms", "Prefer git pull --rebase over merge commits to keep feature branches up to date.",
           ["git", "rebase"], ""),
          ("different sentence shape, body", "User preference: linear history. Feature branches get rebased onto main instead of merged.",
           ["git"], "PRs into main are squashed."),
          ("short imperative", "Rebase feature branches; don't create merge commits when updating them.", ["git", "rebase"], ""),
      ],
      near=[
          ("reversed decision", "Use merge commits, not rebase, when updating feature branches.", ["git", "merge", "pull"], ""),
          ("new exception", "Use rebase, not merge commits, when updating feature branches, but never rebase a branch someone else has pushed to.",
           ["git", "rebase"], ""),
          ("different branch kind", "Use rebase, not merge commits, when updating release branches.", ["git", "rebase", "release"], ""),
      ],
      related=[
          ("another git convention", "PR titles must follow Conventional Commits, because the squash commit takes the PR title as its message.",
           ["git", "pull request"], ""),
      ])

topic("en-migrate-first", "en", "deploy", "pitfalls",
      "Run make migrate before make deploy on production; the new release crashes on missing columns otherwise.",
      ["deploy", "migration", "production"],
      "The deploy pipeline does not run migrations. Twice a release went out first and every request "
      "returned 500 until the migrations were applied by hand.",
      para=[
          ("reordered", "Production: apply migrations (make migrate) first, then make deploy, or the release crashes on missing columns.",
           ["deploy", "production"], ""),
          ("lengthened, body reworded", "Always migrate before deploying to production", ["deploy", "migrations"],
           "make deploy doesn't run migrations itself. When a release went out before make migrate, every "
           "request returned 500 because columns were missing, until migrations were run by hand."),
          ("shortened to a note", "make migrate before make deploy (prod)", ["deploy"], ""),
      ],
      near=[
          ("reversed order", "Run make deploy before make migrate on production; the migration needs the new release's code.",
           ["deploy", "migration", "production"], ""),
          ("negation: no longer needed", "The deploy pipeline now runs migrations itself; make migrate before make deploy is no longer needed.",
           ["deploy", "migration"], ""),
          ("new environment", "Run make migrate before make deploy on staging too; staging crashed on missing columns last week.",
           ["deploy", "migration", "staging"], ""),
      ],
      related=[
          ("another deploy rule", "Production deploys are frozen on Fridays after 15:00; urgent fixes need the on-call lead's approval.",
           ["deploy", "production"], ""),
      ])

topic("en-pnpm", "en", "js-tooling", "decisions",
      "We use pnpm, not npm or yarn, in this monorepo.",
      ["pnpm", "npm", "install", "monorepo"],
      "Workspaces are defined in pnpm-workspace.yaml; running npm install creates a package-lock.json and breaks "
      "the hoisting layout.",
      para=[
          ("synonyms", "This monorepo's package manager is pnpm; avoid npm and yarn.", ["pnpm", "monorepo"], ""),
          ("filler, reason inline", "Decision recorded: pnpm only (npm install would create package-lock.json and break hoisting).",
           ["pnpm", "npm"], ""),
          ("negative first, body", "npm and yarn are not used here: pnpm is the package manager for the monorepo.",
           ["pnpm"], "The workspaces live in pnpm-workspace.yaml."),
      ],
      near=[
          ("reversed decision", "We use yarn, not npm or pnpm, in this monorepo.", ["yarn", "npm", "install", "monorepo"], ""),
          ("version pin", "We use pnpm 9, not pnpm 8, in this monorepo; the lockfile format changed.", ["pnpm", "monorepo"], ""),
          ("new exception", "We use pnpm in this monorepo, except for the docs site, which still installs with npm.",
           ["pnpm", "npm", "docs"], ""),
      ],
      related=[
          ("another package-manager fact", "CI installs with pnpm install --frozen-lockfile; a lockfile change must come in its own commit.",
           ["pnpm", "ci", "lockfile"], ""),
      ])

topic("en-report-oom", "en", "containers", "pitfalls",
      "The api container is OOMKilled with the default 512 MiB limit during the nightly report; it needs 2 GiB.",
      ["memory limit", "OOMKilled", "nightly report"],
      "The report job loads a whole month of orders into pandas. Below 2 GiB, Kubernetes kills it with "
      "OOMKilled and the report is silently not sent.",
      para=[
          ("shortened, reordered", "The nightly report needs the api container at 2 GiB; at 512 MiB it gets OOMKilled.",
           ["nightly report"], ""),
          ("question shape", "OOMKilled during the nightly report? The api container's memory limit must be 2 GiB, not the default 512 MiB.",
           ["OOMKilled", "memory limit"], ""),
          ("imperative, reason in body", "Give the api container 2 GiB for the nightly report run", ["memory limit"],
           "With the 512 MiB default it gets OOMKilled because the job loads a month of orders into pandas, "
           "and then the report is silently not sent."),
      ],
      near=[
          ("different size", "The api container is OOMKilled with the default 512 MiB limit during the nightly report; it needs 4 GiB.",
           ["memory limit", "OOMKilled", "nightly report"], ""),
          ("different container", "The worker container is OOMKilled with the default 512 MiB limit during the nightly report; it needs 2 GiB.",
           ["memory limit", "OOMKilled", "nightly report"], ""),
          ("negation: no longer", "The nightly report no longer needs 2 GiB: it streams orders now and the api container runs fine at 512 MiB.",
           ["memory limit", "nightly report"], ""),
      ],
      related=[
          ("another fact about the report", "The nightly report runs at 02:00 UTC from a CronJob; a failed run is not retried automatically.",
           ["nightly report", "cronjob"], ""),
      ])

topic("en-pathlib", "en", "python", "preferences",
      "Use pathlib instead of os.path in new Python code.",
      ["python", "pathlib", "os.path"],
      "The user asked for pathlib.Path everywhere; existing os.path calls are left alone unless that code is "
      "being changed anyway.",
      para=[
          ("synonyms", "Prefer pathlib.Path over os.path for new Python code.", ["python", "pathlib"], ""),
          ("negative shape", "User preference: no os.path in new code, use pathlib.", ["pathlib"], ""),
          ("lengthened, body reworded", "When writing new Python code, reach for pathlib rather than os.path",
           ["python", "paths"],
           "The user wants pathlib.Path used everywhere; old os.path calls stay unless that code is touched anyway."),
      ],
      near=[
          ("reversed", "Use os.path instead of pathlib in new Python code.", ["python", "os.path"], ""),
          ("new exception", "Use pathlib instead of os.path in new Python code, except in hot loops, where os.path is measurably faster.",
           ["python", "pathlib", "performance"], ""),
          ("changed scope: convert old code too", "Use pathlib instead of os.path in new Python code, and convert existing os.path calls too.",
           ["python", "pathlib", "os.path"], ""),
      ],
      related=[
          ("another Python style rule", "Use f-strings, not % formatting or str.format, in new Python code.",
           ["python", "f-strings"], ""),
      ])

topic("en-ci-cache-key", "en", "ci", "facts",
      "The CI cache key includes the poetry.lock hash; without it, stale dependencies were restored after upgrades.",
      ["ci", "cache", "poetry.lock", "github actions"],
      "Before the fix the key was only the OS and the Python version, so an upgrade kept using the old "
      "virtualenv until the cache expired after 7 days.",
      para=[
          ("cause first", "Stale deps after upgrades came from a CI cache key without the poetry.lock hash; the key now includes it.",
           ["ci", "cache"], ""),
          ("imperative, synonyms", "Key the GitHub Actions dependency cache on poetry.lock's hash, otherwise upgrades pick up a stale virtualenv.",
           ["github actions", "cache"], ""),
          ("formula shape, shortened body", "CI cache key = OS + Python version + poetry.lock hash", ["ci"],
           "Without the lock hash, upgrades reused the old venv for up to 7 days."),
      ],
      near=[
          ("different lock file", "The CI cache key includes the uv.lock hash; without it, stale dependencies were restored after upgrades.",
           ["ci", "cache", "uv.lock"], ""),
          ("negation: no longer", "The CI cache key no longer includes the poetry.lock hash; it is keyed on the branch name instead.",
           ["ci", "cache"], ""),
          ("new exception", "The CI cache key includes the poetry.lock hash, but on release branches the cache is disabled entirely.",
           ["ci", "cache", "release"], ""),
      ],
      related=[
          ("another CI fact", "CI runs the test matrix on Python 3.11 and 3.12; 3.10 was dropped in March.",
           ["ci", "python versions"], ""),
      ])

topic("en-problem-json", "en", "api", "decisions",
      "API errors use RFC 7807 problem+json bodies; never return a bare string.",
      ["api", "errors", "problem+json"],
      "Clients parse type, title and detail. A plain-text 500 body broke the mobile app's error screen.",
      para=[
          ("synonyms", "Error responses from the API are application/problem+json (RFC 7807), not plain strings.",
           ["api", "errors"], ""),
          ("shortened", "API errors: always problem+json (RFC 7807).", ["api"], ""),
          ("lengthened, body reworded", "Every API error must come back as an RFC 7807 problem document", ["errors"],
           "The mobile app reads type, title and detail from the body; a bare-string 500 once broke its error screen."),
      ],
      near=[
          ("new exception", "API errors use problem+json bodies, except the legacy v1 endpoints, which still return a bare string.",
           ["api", "errors", "v1"], ""),
          ("reversed decision", "API errors return a plain JSON object with an error message; problem+json was dropped.",
           ["api", "errors"], ""),
          ("new required field", "API errors use RFC 7807 problem+json bodies and must include a trace_id field.",
           ["api", "errors", "problem+json"], ""),
      ],
      related=[
          ("another API convention", "API pagination is cursor-based: responses carry next_cursor, and offset pagination is not supported.",
           ["api", "pagination"], ""),
      ])

topic("en-samesite", "en", "web-auth", "pitfalls",
      "Session cookies need SameSite=None; Secure for the embedded widget, or Safari drops them.",
      ["cookies", "SameSite", "safari", "widget"],
      "The widget runs in an iframe on customers' sites. With the default SameSite=Lax, Safari never sends the "
      "session cookie and users are logged out on every request.",
      para=[
          ("reordered", "Safari drops the session cookie in the embedded widget unless it is set with SameSite=None; Secure.",
           ["safari", "cookies"], ""),
          ("symptom = cause shape", "Widget logging users out in Safari means the session cookie lacks SameSite=None; Secure.",
           ["widget", "safari"], ""),
          ("summary + body reworded", "Embedded widget: set the session cookie to SameSite=None; Secure", ["cookies", "widget"],
           "It is loaded in an iframe on customer sites, and with the Lax default Safari doesn't send the cookie, "
           "so users get logged out on each request."),
      ],
      near=[
          ("different flag value", "Session cookies need SameSite=Strict for the embedded widget, or Safari drops them.",
           ["cookies", "SameSite", "safari", "widget"], ""),
          ("different browser", "Session cookies need SameSite=None; Secure for the embedded widget, or Firefox drops them.",
           ["cookies", "SameSite", "firefox", "widget"], ""),
          ("negation: no longer", "Session cookies for the embedded widget no longer need SameSite=None: the widget now sends a token in the Authorization header.",
           ["cookies", "widget"], ""),
      ],
      related=[
          ("another widget fact", "The embedded widget must load in under 200 ms, because customers place it above the fold.",
           ["widget", "performance"], ""),
      ])

topic("en-loki-retention", "en", "observability", "facts",
      "Logs are shipped to Loki with a 14-day retention; anything older is only in the S3 archive.",
      ["logs", "loki", "retention"],
      "Querying past 14 days in Grafana returns nothing, which looks like missing logs. Use the archive "
      "bucket and Athena instead.",
      para=[
          ("synonyms", "Loki keeps logs for 14 days; older logs live only in the S3 archive.", ["loki", "logs"], ""),
          ("shortened", "Loki retention: 14 days (older logs: S3 archive).", ["loki"], ""),
          ("symptom shape, 14 days written as two weeks", "If Grafana shows no logs older than two weeks, that's the Loki retention; look in the S3 archive with Athena.",
           ["logs", "grafana"], ""),
      ],
      near=[
          ("different number", "Logs are shipped to Loki with a 30-day retention; anything older is only in the S3 archive.",
           ["logs", "loki", "retention"], ""),
          ("different store", "Logs are shipped to Elasticsearch with a 14-day retention; anything older is only in the S3 archive.",
           ["logs", "elasticsearch", "retention"], ""),
          ("new exception", "Logs are kept in Loki for 14 days, but audit logs are kept there for a year.",
           ["logs", "loki", "audit"], ""),
      ],
      related=[
          ("another logging fact", "Request logs carry the X-Request-Id value as request_id; search Loki by it to follow one request across services.",
           ["logs", "loki", "request id"], ""),
      ])

topic("en-prefetch-items", "en", "performance", "pitfalls",
      "Listing orders with their items is N+1 unless the queryset uses prefetch_related('items').",
      ["django", "orm", "n+1", "orders"],
      "The orders page made 400 queries for 200 orders; prefetch_related('items') brought it down to 2.",
      para=[
          ("reordered, imperative", "Use prefetch_related('items') when listing orders with items, or Django runs N+1 queries.",
           ["django", "orders"], ""),
          ("shortened", "Orders list: prefetch_related('items') to avoid N+1.", ["orm"], ""),
          ("story in body", "The orders page was doing N+1 queries", ["django", "n+1"],
           "400 queries for 200 orders until the queryset got prefetch_related('items'); now it makes 2."),
      ],
      near=[
          ("different relation and call", "Listing orders with their customer is N+1 unless the queryset uses select_related('customer').",
           ["django", "orm", "n+1", "orders"], ""),
          ("new exception", "Listing orders with their items is still N+1 even with prefetch_related('items') when the template calls items.filter().",
           ["django", "orm", "n+1"], ""),
          ("negation: not needed any more", "Listing orders with their items is no longer N+1 without help: the serializer loads items in one query itself, so prefetch_related('items') is not needed.",
           ["django", "orders"], ""),
      ],
      related=[
          ("another fact about the orders page", "The orders page is cached for 60 seconds per user, so a new order may not show up immediately.",
           ["orders", "cache"], ""),
      ])

topic("en-vite-port", "en", "frontend", "pitfalls",
      "The Vite dev server must run on port 5173; the OAuth redirect URI is registered only for that port.",
      ["vite", "dev server", "oauth", "port"],
      "When 5173 is busy Vite silently picks 5174, and login then fails with redirect_uri_mismatch. Start it "
      "with --strictPort.",
      para=[
          ("reordered", "The OAuth redirect URI is only registered for port 5173, so the Vite dev server has to run there (use --strictPort).",
           ["oauth", "vite"], ""),
          ("symptom shape, body", "redirect_uri_mismatch at login in dev means Vite moved off port 5173", ["oauth"],
           "Vite takes 5174 when 5173 is in use, but only 5173 is registered as a redirect URI. Run it with --strictPort."),
          ("casual note", "Keep vite on 5173 with --strictPort; the OAuth redirect is registered for that port only.",
           ["vite", "port"], ""),
      ],
      near=[
          ("different port", "The Vite dev server must run on port 3000; the OAuth redirect URI is registered only for that port.",
           ["vite", "dev server", "oauth", "port"], ""),
          ("new condition", "The Vite dev server must also be started with --host, or the OAuth redirect fails when testing from a phone on the LAN.",
           ["vite", "oauth", "mobile"], ""),
          ("negation: no longer", "The OAuth redirect URI now accepts any localhost port, so the Vite dev server no longer needs port 5173 or --strictPort.",
           ["vite", "oauth", "port"], ""),
      ],
      related=[
          ("another dev-server fact", "In dev, API calls go through Vite's proxy to localhost:8000; calling the API directly fails with CORS errors.",
           ["vite", "proxy", "cors"], ""),
      ])

topic("en-ruff", "en", "lint", "decisions",
      "We use ruff for linting and formatting; black and isort were removed.",
      ["ruff", "lint", "format", "black"],
      "ruff format is close to black's style. The pre-commit config runs ruff check --fix, then ruff format.",
      para=[
          ("synonyms", "Lint and format with ruff; black and isort are gone.", ["ruff"], ""),
          ("reordered", "black and isort were replaced by ruff, for both linting and formatting.", ["ruff", "black"], ""),
          ("lengthened, body reworded", "ruff does both linting and formatting here", ["ruff", "pre-commit"],
           "We dropped black and isort. pre-commit runs ruff check --fix first, then ruff format, whose style is close to black's."),
      ],
      near=[
          ("reversed decision", "We use black and isort for formatting; ruff is only used for linting.",
           ["ruff", "lint", "format", "black"], ""),
          ("version pin", "We pin ruff 0.6 for linting and formatting; newer versions change the import sorting.",
           ["ruff", "lint", "format"], ""),
          ("new flag", "We use ruff for linting and formatting with --line-length 120 instead of the default 88.",
           ["ruff", "format"], ""),
      ],
      related=[
          ("another static-check fact", "mypy runs in strict mode on the core package; the scripts folder is excluded.",
           ["mypy", "lint"], ""),
      ])

topic("en-flags-restart", "en", "feature-flags", "facts",
      "Feature flags are read from LaunchDarkly at startup only; changing a flag needs a pod restart.",
      ["feature flags", "launchdarkly", "restart"],
      "The SDK is initialised without streaming, so flag changes are not picked up until the pods are "
      "restarted with kubectl rollout restart.",
      para=[
          ("synonyms, reordered", "Flag changes in LaunchDarkly only take effect after the pods restart, since flags are read once at startup.",
           ["launchdarkly", "feature flags"], ""),
          ("shortened", "LaunchDarkly flags are read at startup, so restart the pods after changing one.", ["feature flags"], ""),
          ("question shape, body", "Changed a feature flag and nothing happened? Restart the pods.", ["feature flags", "restart"],
           "The LaunchDarkly SDK is set up without streaming and reads flags only at startup; use kubectl rollout restart."),
      ],
      near=[
          ("negation: streaming now", "Feature flags are streamed from LaunchDarkly; changing a flag no longer needs a pod restart.",
           ["feature flags", "launchdarkly"], ""),
          ("different product", "Feature flags are read from Unleash at startup only; changing a flag needs a pod restart.",
           ["feature flags", "unleash", "restart"], ""),
          ("new exception", "Feature flags are read from LaunchDarkly at startup only, except the kill-switch flags, which are polled every 30 seconds.",
           ["feature flags", "launchdarkly", "kill switch"], ""),
      ],
      related=[
          ("another flag fact", "Feature flags older than 90 days are reviewed in the monthly cleanup and removed from the code.",
           ["feature flags", "cleanup"], ""),
      ])

# ---------------------------------------------------------------------------------------------
# Chinese
# ---------------------------------------------------------------------------------------------

topic("zh-reply-language", "zh", "collaboration", "preferences",
      "用户希望回复用中文，代码注释用英文。",
      ["回复语言", "注释"],
      "用户明确说过：解释和讨论用中文，写进代码里的注释和提交信息一律用英文。",
      para=[
          ("reordered", "代码注释写英文，回复用户时用中文。", ["注释"], ""),
          ("synonyms", "跟用户交流用中文，注释统一用英文写。", ["回复语言"], ""),
          ("shortened summary + body", "用户要求中文回答、英文注释。", ["回复语言", "注释"], "讨论用中文，代码注释和提交信息都用英文。"),
      ],
      near=[
          ("swapped", "用户希望回复用英文，代码注释用中文。", ["回复语言", "注释"], ""),
          ("negation: comments may be Chinese", "用户不介意代码注释用中文，回复仍然用中文。", ["回复语言", "注释"], ""),
          ("new exception", "用户希望回复用中文，代码注释用英文，但文档站的文章用中文写。", ["回复语言", "注释", "文档"], ""),
      ],
      related=[
          ("another collaboration preference", "用户希望每次改完代码后先说明改了哪些文件，再贴出关键的差异。", ["汇报", "改动"], ""),
      ])

topic("zh-concurrent-index", "zh", "db", "pitfalls",
      "生产数据库上建索引要用并发建索引，普通建索引会锁住整张订单表。",
      ["索引", "锁表", "生产数据库"],
      "上次在订单表上直接建索引，写入被阻塞了七分钟，下单接口全部超时。",
      para=[
          ("reordered", "普通方式建索引会锁整张订单表，所以生产库上要用并发建索引。", ["索引", "锁表"], ""),
          ("switched to the mixed register", "生产库上建索引用CONCURRENTLY，普通的CREATE INDEX会锁整张订单表。", ["索引", "生产数据库"], ""),
          ("imperative summary, body reworded", "在生产数据库建索引时使用并发建索引", ["索引"],
           "直接建索引会锁住订单表：上次写入阻塞了七分钟，下单接口全部超时。"),
      ],
      near=[
          ("different table", "生产数据库上建索引要用并发建索引，普通建索引会锁住整张用户表。", ["索引", "锁表", "生产数据库"], ""),
          ("negation: not needed any more", "生产数据库上建索引不用再并发建了，升级后普通建索引也不会锁表。", ["索引", "锁表"], ""),
          ("new restriction", "生产数据库上建索引要用并发建索引，但并发建索引不能放在事务里执行。", ["索引", "事务"], ""),
      ],
      related=[
          ("another production DB fact", "生产数据库的慢查询阈值是两百毫秒，超过的查询会记到慢日志里。", ["慢查询", "生产数据库"], ""),
      ])

topic("zh-canary", "zh", "deploy", "decisions",
      "发布统一走灰度：先放百分之五的流量，观察半小时没问题再全量。",
      ["发布", "灰度", "全量"],
      "去年有一次直接全量发布，支付回调出错影响了所有用户，之后定下这个流程。",
      para=[
          ("synonyms, half an hour as thirty minutes", "上线一律先灰度百分之五流量，观察三十分钟无异常再全量。", ["灰度", "上线"], ""),
          ("different shape", "全量发布前必须先灰度：百分之五的流量跑半小时。", ["发布", "灰度"], ""),
          ("short summary, details in body", "发布流程是先灰度再全量", ["发布"],
           "先放百分之五的流量观察半小时，没问题再全量；起因是去年直接全量导致支付回调出错。"),
      ],
      near=[
          ("different numbers", "发布统一走灰度：先放百分之十的流量，观察一小时没问题再全量。", ["发布", "灰度", "全量"], ""),
          ("new exception", "发布统一走灰度，但紧急修复可以跳过灰度直接全量。", ["发布", "灰度", "紧急修复"], ""),
          ("reversed decision", "发布不再走灰度，改成蓝绿切换：新版本整体切过去，出问题整体切回。", ["发布", "蓝绿"], ""),
      ],
      related=[
          ("another release rule", "发布窗口是工作日上午十点到下午四点，周五下午不发布。", ["发布", "发布窗口"], ""),
      ])

topic("zh-clock", "zh", "testing", "pitfalls",
      "单元测试里不要依赖当前时间，要把时钟注入进来，否则跨零点会偶发失败。",
      ["单元测试", "时间", "偶发失败"],
      "对账模块的测试在晚上十二点前后跑会失败，因为它直接取了系统时间来算日期。",
      para=[
          ("cause first", "测试跨零点偶发失败的原因是直接用了当前时间；单元测试里要注入时钟。", ["单元测试"], ""),
          ("synonyms, lengthened", "写单测时把时钟作为依赖传进去，别直接读系统时间，不然过了午夜就可能挂。", ["单测", "时间"], ""),
          ("shortened", "单测别直接取当前时间，注入时钟。", ["单元测试"], ""),
      ],
      near=[
          ("different dependency", "单元测试里不要依赖随机数，要把随机种子注入进来，否则会偶发失败。", ["单元测试", "随机数", "偶发失败"], ""),
          ("negation: allowed now", "单元测试里可以直接用当前时间，对账模块已经改成按固定日期计算，跨零点不会再失败。", ["单元测试", "时间"], ""),
          ("new exception", "单元测试里不要依赖当前时间，要把时钟注入进来；端到端测试例外，必须用真实时间。", ["单元测试", "端到端测试"], ""),
      ],
      related=[
          ("another test fact", "对账模块的测试数据放在固定的样例目录里，改数据格式时要一起更新样例。", ["单元测试", "样例数据"], ""),
      ])

topic("zh-mirror-sync", "zh", "tooling", "facts",
      "公司内网的包镜像每天凌晨三点同步一次，当天新发布的包要等到第二天才能装。",
      ["包镜像", "依赖安装", "同步"],
      "装新版本时报找不到，先别怀疑版本号，多半是镜像还没同步。",
      para=[
          ("reordered", "当天刚发布的包要第二天才能装上，因为内网镜像每天凌晨三点才同步。", ["包镜像"], ""),
          ("question shape", "装不上当天新发的包？内网包镜像一天只在凌晨三点同步一次。", ["依赖安装"], ""),
          ("lengthened, body reworded", "内网镜像每天凌晨三点同步", ["包镜像", "同步"],
           "所以当天新发布的包要第二天才能安装；安装时报找不到新版本，多半是镜像还没同步，不是版本号写错了。"),
      ],
      near=[
          ("different frequency", "公司内网的包镜像每小时同步一次，新发布的包最多等一小时就能装。", ["包镜像", "同步"], ""),
          ("new condition", "公司内网的包镜像每天凌晨三点同步一次，也可以在管理页面上手动触发同步。", ["包镜像", "同步"], ""),
          ("new fact about the sync window", "公司内网的包镜像每天凌晨三点同步一次，同步期间大约二十分钟装不了任何包。", ["包镜像", "依赖安装"], ""),
      ],
      related=[
          ("another mirror fact", "内网包镜像上没有的包要提工单申请，审批一般要两个工作日。", ["包镜像", "工单"], ""),
      ])

topic("zh-log-masking", "zh", "observability", "decisions",
      "日志里不能打印手机号和身份证号，必须先脱敏。",
      ["日志", "脱敏", "隐私"],
      "审计发现客服系统的日志里有完整手机号，之后要求所有服务打印前都用统一的脱敏函数处理。",
      para=[
          ("synonyms", "手机号、身份证号写日志前要脱敏，不允许明文打印。", ["日志", "脱敏"], ""),
          ("reordered", "必须先脱敏才能写进日志，手机号和身份证号都算。", ["脱敏"], ""),
          ("short summary, all in body", "日志脱敏要求", ["日志", "隐私"],
           "手机号和身份证号不能明文打印，所有服务都用统一的脱敏函数处理后再打日志；起因是审计在客服系统日志里发现了完整手机号。"),
      ],
      near=[
          ("new exception", "日志里可以打印手机号的后四位，身份证号仍然必须脱敏。", ["日志", "脱敏"], ""),
          ("different fields", "日志里不能打印银行卡号和邮箱地址，必须先脱敏。", ["日志", "脱敏", "隐私"], ""),
          ("new fact about the function", "日志里不能打印手机号和身份证号，必须先脱敏；脱敏函数已经从工具模块挪到了日志模块。", ["日志", "脱敏"], ""),
      ],
      related=[
          ("another logging rule", "生产环境的日志级别默认是警告，排查问题时可以临时调成调试级别，最多保持一小时。", ["日志", "日志级别"], ""),
      ])

topic("zh-commit-subject", "zh", "git", "preferences",
      "提交信息第一行不超过五十个字，写清楚改了什么和为什么。",
      ["提交信息", "规范"],
      "用户会用第一行生成变更日志，太长会被截断。",
      para=[
          ("synonyms", "提交说明首行控制在五十字以内，说明改了什么、为什么改。", ["提交信息"], ""),
          ("reordered", "写清改动内容和原因，提交信息首行最多五十字。", ["提交信息", "规范"], ""),
          ("reason inline", "提交信息首行不超过五十字，要写明改动和原因，因为变更日志取的就是第一行。", ["提交信息"], ""),
      ],
      near=[
          ("different number", "提交信息第一行不超过七十二个字，写清楚改了什么和为什么。", ["提交信息", "规范"], ""),
          ("new exception", "提交信息第一行不超过五十个字，合并提交除外，合并提交用默认信息就行。", ["提交信息", "合并提交"], ""),
          ("reversed", "提交信息第一行不再限制长度，变更日志改成从合并请求的标题生成。", ["提交信息", "变更日志"], ""),
      ],
      related=[
          ("another commit convention", "每个提交只做一件事，格式化改动要单独提交，不要和逻辑改动混在一起。", ["提交", "规范"], ""),
      ])

topic("zh-cache-jitter", "zh", "cache", "pitfalls",
      "缓存过期时间要加随机抖动，否则大量键同时过期会把数据库打挂。",
      ["缓存", "过期", "雪崩"],
      "大促前压测时，商品缓存统一设了一小时过期，整点时数据库连接数瞬间打满。",
      para=[
          ("reordered", "大量缓存键同时过期会压垮数据库，所以过期时间要加随机抖动。", ["缓存"], ""),
          ("synonyms, lengthened", "给缓存的过期时间加一点随机偏移，避免集中失效造成缓存雪崩打挂数据库。", ["缓存", "雪崩"], ""),
          ("shortened", "缓存过期时间加随机抖动，防雪崩。", ["缓存"], ""),
      ],
      near=[
          ("new exception", "缓存过期时间要加随机抖动，但热点商品的缓存不设过期，改成后台定时刷新。", ["缓存", "过期", "热点"], ""),
          ("new bound", "缓存过期时间要加随机抖动，抖动范围不超过基础过期时间的百分之十。", ["缓存", "过期"], ""),
          ("negation: not needed any more", "缓存过期时间不需要再加随机抖动了，现在缓存都是后台定时刷新，不会集中过期。", ["缓存", "过期"], ""),
      ],
      related=[
          ("another cache fact", "商品详情缓存的键要带上版本号，改了数据结构就升版本，旧键自然过期。", ["缓存", "版本号"], ""),
      ])

topic("zh-cursor-paging", "zh", "api", "decisions",
      "对外接口统一用分页游标，不再提供页码翻页。",
      ["接口", "分页", "游标"],
      "页码翻页在数据变化时会漏数据或者重复，大客户拉全量数据时出过问题。",
      para=[
          ("synonyms", "外部接口翻页只用游标，页码方式已经不提供了。", ["分页"], ""),
          ("reordered", "不再提供页码翻页：对外接口的分页统一改成游标。", ["接口", "分页"], ""),
          ("short summary, body reworded", "对外接口分页用游标", ["分页", "游标"],
           "页码翻页在数据变动时会重复或漏掉数据，大客户拉全量时出过事，所以不再提供页码。"),
      ],
      near=[
          ("reversed decision", "对外接口统一用页码翻页，不再提供分页游标。", ["接口", "分页", "页码"], ""),
          ("new exception", "对外接口统一用分页游标，但后台管理接口还保留页码翻页。", ["接口", "分页", "后台"], ""),
          ("new numbers", "对外接口统一用分页游标，每页最多两百条，默认五十条。", ["接口", "分页", "游标"], ""),
      ],
      related=[
          ("another API rule", "对外接口的限流是每个客户每秒一百次请求，超过就返回请求过多。", ["接口", "限流"], ""),
      ])

topic("zh-build-cache-monday", "zh", "ci", "facts",
      "构建机每周一自动清理旧的构建缓存，周一早上的第一次构建会特别慢。",
      ["构建机", "缓存", "构建慢"],
      "这不是代码的问题，是缓存被清掉了，第二次构建就恢复正常。",
      para=[
          ("cause first", "周一早上第一次构建很慢，是因为构建机每周一会清掉旧的构建缓存。", ["构建慢"], ""),
          ("different shape, negative word", "周一首次构建慢不用排查：构建缓存每周一被清理，再构建一次就正常了。", ["构建机", "构建慢"], ""),
          ("synonyms", "构建服务器逢周一清空旧的构建缓存，所以当天第一次构建耗时明显更长。", ["构建机", "缓存"], ""),
      ],
      near=[
          ("different day", "构建机每周五自动清理旧的构建缓存，周五早上的第一次构建会特别慢。", ["构建机", "缓存", "构建慢"], ""),
          ("negation: no longer cleaned", "构建机不再每周清理构建缓存，周一早上构建慢是别的原因，需要排查。", ["构建机", "构建慢"], ""),
          ("new exception", "构建机每周一自动清理旧的构建缓存，但发布分支的缓存会保留。", ["构建机", "缓存", "发布分支"], ""),
      ],
      related=[
          ("another build-machine fact", "构建机同时最多跑四个任务，排队超过半小时要找运维加机器。", ["构建机", "排队"], ""),
      ])

topic("zh-db-grants", "zh", "security", "decisions",
      "新服务的数据库账号只给读写业务表的权限，不给建表和删表权限。",
      ["数据库账号", "权限"],
      "表结构变更统一由迁移账号执行，这样业务账号即使被注入攻击也删不了表。",
      para=[
          ("synonyms", "业务服务的数据库用户只授予业务表读写，建表、删表权限不给。", ["权限"], ""),
          ("reordered", "不给建表和删表权限：新服务的数据库账号只能读写业务表。", ["数据库账号"], ""),
          ("summary generalised, body precise", "新服务数据库账号的权限要最小化", ["数据库账号", "权限"],
           "只能读写业务表，不能建表删表；表结构变更走专门的迁移账号，这样即使被注入攻击也删不了表。"),
      ],
      near=[
          ("reversed", "新服务的数据库账号要给建表权限，迁移由服务启动时自己执行。", ["数据库账号", "权限", "迁移"], ""),
          ("new exception", "新服务的数据库账号只给读写业务表的权限，报表服务例外，它只给只读权限。", ["数据库账号", "权限", "报表"], ""),
          ("different kind of account", "新服务的缓存账号只给读写业务前缀的权限，不给清空整个库的权限。", ["缓存账号", "权限"], ""),
      ],
      related=[
          ("another account fact", "新服务上线前要在权限平台登记负责人，没有负责人的数据库账号每季度会被回收。", ["数据库账号", "负责人"], ""),
      ])

topic("zh-old-android", "zh", "frontend", "pitfalls",
      "安卓低版本浏览器不支持可选链语法，打包时必须转译，否则页面白屏。",
      ["安卓", "白屏", "转译", "打包"],
      "线上有用户反馈老手机打开是白屏，查下来是打包配置把转译目标设得太新了。",
      para=[
          ("symptom first", "页面在老安卓手机上白屏，是因为可选链语法没转译；打包必须转译。", ["白屏"], ""),
          ("synonyms", "低版本安卓的浏览器识别不了可选链，打包要做语法转译，不然会白屏。", ["安卓", "打包"], ""),
          ("shortened", "可选链要转译，否则老安卓白屏。", ["转译"], ""),
      ],
      near=[
          ("different platform and syntax", "苹果低版本浏览器不支持正则后行断言，打包也转译不了，只能改写正则，否则页面白屏。", ["苹果", "白屏", "正则"], ""),
          ("negation: support dropped", "安卓低版本浏览器已经不在支持范围内，打包时不再为它转译可选链语法。", ["安卓", "转译", "打包"], ""),
          ("new fact: dependencies too", "安卓低版本浏览器不支持可选链语法，打包时必须转译，第三方依赖也要一起转译。", ["安卓", "转译", "第三方依赖"], ""),
      ],
      related=[
          ("another mobile-web rule", "移动端页面的首屏资源要控制在两百千字节以内，超过的图片改成懒加载。", ["移动端", "首屏"], ""),
      ])

topic("zh-idempotent-consumer", "zh", "messaging", "pitfalls",
      "消息消费者必须做幂等，队列会重复投递同一条消息。",
      ["消息队列", "幂等", "重复投递"],
      "订单服务曾经因为重复消费给用户发了两次优惠券，现在用消息编号去重。",
      para=[
          ("synonyms", "同一条消息可能被投递多次，消费端一定要保证幂等。", ["幂等"], ""),
          ("different shape", "重复投递是常态：消费者要幂等，按消息编号去重。", ["消息队列", "幂等"], ""),
          ("short summary, body reworded", "消息消费要幂等", ["幂等", "重复投递"],
           "队列会重复投递，订单服务就因此给用户发过两次优惠券；现在靠消息编号去重。"),
      ],
      near=[
          ("new condition: ordering", "消息消费者必须做幂等，而且同一订单的消息要按顺序处理，队列不保证顺序。", ["消息队列", "幂等", "顺序"], ""),
          ("negation: exactly once now", "消息消费者不用再做幂等了，队列已经改成恰好一次投递。", ["消息队列", "幂等"], ""),
          ("new fact with a number", "消息消费者必须做幂等，去重记录只保留七天，超过七天的重复消息会被再处理一次。", ["幂等", "去重"], ""),
      ],
      related=[
          ("another queue fact", "消费失败的消息重试三次后进入死信队列，每天上午有人处理死信。", ["消息队列", "死信"], ""),
      ])

topic("zh-split-mr", "zh", "review", "preferences",
      "用户要求改动超过三百行时先拆成多个合并请求，方便审查。",
      ["合并请求", "代码审查", "拆分"],
      "一次提几千行的改动用户看不过来，会直接打回。",
      para=[
          ("synonyms", "改动超过三百行就拆成几个合并请求，用户才好审。", ["合并请求"], ""),
          ("reordered", "为了方便审查，用户希望三百行以上的改动拆成多个合并请求提交。", ["代码审查"], ""),
          ("shortened", "超过三百行的改动要拆分成多个合并请求。", ["合并请求", "拆分"], ""),
      ],
      near=[
          ("different number", "用户要求改动超过一千行时先拆成多个合并请求，方便审查。", ["合并请求", "代码审查", "拆分"], ""),
          ("new exception", "用户要求改动超过三百行时先拆成多个合并请求，但自动生成的代码不算在内。", ["合并请求", "拆分", "生成代码"], ""),
          ("reversed preference", "用户更希望相关改动放在同一个合并请求里，即使超过三百行也不要拆开。", ["合并请求", "拆分"], ""),
      ],
      related=[
          ("another review preference", "合并请求的描述里要写清楚怎么验证，最好附上运行测试的结果。", ["合并请求", "描述"], ""),
      ])

topic("zh-night-alerts", "zh", "oncall", "facts",
      "告警在夜里十一点到早上八点只发给值班的人，其他人不会收到。",
      ["告警", "值班"],
      "夜里出了问题别指望群里有人看到，要直接打电话给值班的人。",
      para=[
          ("reordered", "夜里十一点到早上八点之间，告警只通知值班人员。", ["告警"], ""),
          ("synonyms", "晚上十一点至次日八点，告警只推送给当班的人，其他同事收不到。", ["告警", "值班"], ""),
          ("short summary, body reworded", "夜间告警只发给值班人员", ["告警", "夜间"],
           "时间是晚上十一点到早上八点；这段时间群里基本没人看，出事要直接给值班的人打电话。"),
      ],
      near=[
          ("different hours", "告警在夜里十点到早上九点只发给值班的人，其他人不会收到。", ["告警", "值班"], ""),
          ("new exception", "告警在夜里十一点到早上八点只发给值班的人，但一级故障会同时打给所有负责人。", ["告警", "值班", "一级故障"], ""),
          ("negation: no distinction any more", "告警不再区分白天和夜里，任何时间都同时发给值班的人和整个团队。", ["告警", "值班"], ""),
      ],
      related=[
          ("another on-call fact", "值班每周一上午十点交接，交接时要把没关闭的告警逐条说明。", ["值班", "交接"], ""),
      ])

# ---------------------------------------------------------------------------------------------
# Mixed: Chinese with Latin identifiers glued in
# ---------------------------------------------------------------------------------------------

topic("mx-uv-sync", "mixed", "python", "pitfalls",
      "本项目用uv管理Python环境，uv sync之后再跑pytest，不要直接pip install。",
      ["uv", "pytest", "依赖"],
      "直接pip install会装到系统Python里，测试跑的版本和lock里的不一致。",
      para=[
          ("reordered", "跑pytest之前先uv sync；本项目的Python环境由uv管理，别用pip install。", ["uv", "pytest"], ""),
          ("synonyms", "Python依赖统一交给uv：先uv sync再跑测试，不用pip装包。", ["uv", "依赖"], ""),
          ("shortened", "先uv sync再pytest，别pip install。", ["uv"], ""),
      ],
      near=[
          ("different tool", "本项目用poetry管理Python环境，poetry install之后再跑pytest，不要直接pip install。", ["poetry", "pytest", "依赖"], ""),
          ("new flag", "本项目用uv管理Python环境，CI里要uv sync --frozen之后再跑pytest，lock文件不能被改写。", ["uv", "pytest", "CI"], ""),
          ("negation: reverted", "本项目的Python环境不再用uv管理，回到了pip install -r requirements.txt。", ["uv", "pip", "依赖"], ""),
      ],
      related=[
          ("another pytest fact", "pytest的配置写在pyproject.toml里，默认会跳过标记为slow的测试。", ["pytest", "pyproject.toml"], ""),
      ])

topic("mx-configmap-restart", "mixed", "containers", "pitfalls",
      "生产环境改了ConfigMap之后要手动kubectl rollout restart，Pod不会自动重新加载配置。",
      ["kubectl", "ConfigMap", "rollout restart"],
      "之前改了ConfigMap以为已经生效，结果旧配置跑了两天。",
      para=[
          ("reordered", "Pod不会自动重新加载ConfigMap，改完要手动kubectl rollout restart。", ["ConfigMap"], ""),
          ("question shape", "ConfigMap改了没生效？要对Deployment做一次kubectl rollout restart。", ["kubectl", "ConfigMap"], ""),
          ("imperative summary, body", "改ConfigMap后记得rollout restart", ["rollout restart"],
           "Pod不会自己重新加载配置；之前改完以为生效了，结果旧配置跑了两天。"),
      ],
      near=[
          ("different resource", "生产环境改了Secret之后要手动kubectl rollout restart，Pod不会自动重新加载。", ["kubectl", "Secret", "rollout restart"], ""),
          ("negation: automatic now", "生产环境改了ConfigMap之后不用再手动rollout restart，已经装了Reloader，会自动滚动重启。", ["ConfigMap", "Reloader"], ""),
          ("new exception", "生产环境改了ConfigMap之后要手动kubectl rollout restart，但挂载成文件的配置大约一分钟后会自动更新。", ["ConfigMap", "rollout restart", "volume"], ""),
      ],
      related=[
          ("another Deployment fact", "生产环境的Deployment都设置了maxUnavailable为0，滚动发布时可用副本不会少于当前数量。", ["Deployment", "maxUnavailable"], ""),
      ])

topic("mx-redis-eviction", "mixed", "cache", "decisions",
      "Redis的maxmemory-policy要设成allkeys-lru，默认的noeviction会在内存满时让写入全部报错。",
      ["Redis", "maxmemory", "淘汰策略"],
      "上次缓存实例内存打满，所有SET都返回OOM错误，登录态也写不进去。",
      para=[
          ("cause first", "默认noeviction在Redis内存满时会让写入全部失败，所以maxmemory-policy要改成allkeys-lru。", ["Redis"], ""),
          ("synonyms", "缓存用的Redis把淘汰策略配成allkeys-lru，别用默认的noeviction，否则满了以后写入都报错。", ["Redis", "淘汰策略"], ""),
          ("short summary, body reworded", "Redis淘汰策略用allkeys-lru", ["maxmemory"],
           "默认noeviction在内存打满时所有SET都返回OOM，连登录态都写不进去。"),
      ],
      near=[
          ("different policy", "Redis的maxmemory-policy要设成volatile-lru，只淘汰设置了过期时间的键。", ["Redis", "maxmemory", "淘汰策略"], ""),
          ("new exception", "Redis的maxmemory-policy要设成allkeys-lru，但存队列的那个实例必须保持noeviction，不能丢数据。", ["Redis", "淘汰策略", "队列"], ""),
          ("new numbers", "Redis的maxmemory-policy要设成allkeys-lru，maxmemory设成6gb，实例本身是8gb。", ["Redis", "maxmemory"], ""),
      ],
      related=[
          ("another Redis fact", "Redis连接池上限是每个Pod二十个连接，超过的请求会排队等待。", ["Redis", "连接池"], ""),
      ])

topic("mx-fetch-depth", "mixed", "ci", "pitfalls",
      "GitHub Actions里的actions/checkout要加fetch-depth: 0，否则git describe拿不到tag，版本号会变成0.0.0。",
      ["GitHub Actions", "fetch-depth", "版本号"],
      "版本号是setuptools-scm从tag算出来的，浅克隆里没有tag。",
      para=[
          ("cause first", "浅克隆拿不到tag，版本号会变成0.0.0，所以actions/checkout要设fetch-depth: 0。", ["GitHub Actions"], ""),
          ("question shape, body", "CI里打出来的包版本是0.0.0？checkout没加fetch-depth: 0。", ["版本号"],
           "setuptools-scm从tag算版本号，浅克隆没有tag，git describe就失败了。"),
          ("shortened", "actions/checkout记得fetch-depth: 0，不然版本号是0.0.0。", ["fetch-depth"], ""),
      ],
      near=[
          ("different number", "GitHub Actions里的actions/checkout用fetch-depth: 50就够了，全量克隆太慢，50个提交足够找到最近的tag。", ["GitHub Actions", "fetch-depth"], ""),
          ("different CI system", "GitLab CI里要设GIT_DEPTH: 0，否则git describe拿不到tag，版本号会变成0.0.0。", ["GitLab CI", "GIT_DEPTH", "版本号"], ""),
          ("negation: not needed any more", "actions/checkout不需要再加fetch-depth: 0了，版本号已经改成从pyproject.toml读取，不依赖tag。", ["GitHub Actions", "版本号"], ""),
      ],
      related=[
          ("another Actions rule", "GitHub Actions的workflow里第三方action要固定到commit SHA，不能用@main。", ["GitHub Actions", "安全"], ""),
      ])

topic("mx-useeffect-deps", "mixed", "frontend", "pitfalls",
      "React组件里useEffect的依赖数组不能省略，省略会每次render都执行，之前因此把接口打爆了。",
      ["React", "useEffect", "依赖数组"],
      "列表页在useEffect里拉数据没写依赖数组，每次render都请求一次，一分钟几千次请求。",
      para=[
          ("synonyms", "useEffect一定要写依赖数组，不写的话每次渲染都会跑一遍，曾经把接口请求刷爆。", ["useEffect"], ""),
          ("story first", "之前把接口打爆，是因为useEffect没写依赖数组、每次render都执行；依赖数组不能省。", ["React", "useEffect"], ""),
          ("imperative summary, body", "别漏写useEffect的依赖数组", ["依赖数组"],
           "列表页拉数据的useEffect没写依赖数组，每次render都请求接口，一分钟几千次。"),
      ],
      near=[
          ("different hook", "React组件里useMemo的依赖数组不能省略，省略会每次render都重新计算。", ["React", "useMemo", "依赖数组"], ""),
          ("negation: moved away", "列表页已经不在useEffect里拉数据了，改用React Query，依赖数组的问题不再存在。", ["React", "React Query"], ""),
          ("new condition", "React组件里useEffect的依赖数组不能省略，也不能放每次render都新建的对象，否则同样每次都执行。", ["React", "useEffect", "依赖数组"], ""),
      ],
      related=[
          ("another React convention", "React组件统一写函数组件和hooks，不再新增class组件。", ["React", "hooks"], ""),
      ])

topic("mx-alembic-autogen", "mixed", "db", "pitfalls",
      "Alembic迁移脚本不要用autogenerate生成后直接提交，它会漏掉索引重命名，要人工检查。",
      ["Alembic", "迁移", "autogenerate"],
      "上次autogenerate把重命名的索引识别成删除加新建，线上锁表十分钟。",
      para=[
          ("reordered", "autogenerate生成的Alembic迁移要人工检查后再提交，索引重命名它会漏。", ["Alembic"], ""),
          ("synonyms", "Alembic自动生成的迁移不能直接提交，得手动核对，它处理不好索引重命名。", ["Alembic", "迁移"], ""),
          ("shortened", "Alembic autogenerate的结果要人工审，会漏索引重命名。", ["autogenerate"], ""),
      ],
      near=[
          ("different blind spot", "Alembic迁移脚本不要用autogenerate生成后直接提交，它会漏掉枚举类型的新增值，要人工检查。", ["Alembic", "迁移", "枚举"], ""),
          ("new condition relaxes it", "Alembic迁移脚本可以直接用autogenerate，只有迁移里有重命名时才需要人工检查。", ["Alembic", "autogenerate"], ""),
          ("version: fixed upstream", "Alembic升级到1.13之后autogenerate能正确识别索引重命名，迁移脚本可以直接提交。", ["Alembic", "autogenerate", "升级"], ""),
      ],
      related=[
          ("another migration convention", "Alembic每个迁移文件只做一件事，数据迁移和表结构迁移分开写。", ["Alembic", "迁移"], ""),
      ])

topic("mx-go-http-timeout", "mixed", "go", "pitfalls",
      "Go服务的HTTP client必须设置Timeout，默认的http.DefaultClient没有超时，下游卡住会把goroutine堆满。",
      ["Go", "http.Client", "超时", "goroutine"],
      "支付回调的下游挂了之后，goroutine涨到十万个，服务OOM。",
      para=[
          ("negative imperative first", "别用http.DefaultClient，它没有超时；Go里的HTTP client都要显式设Timeout。", ["Go", "超时"], ""),
          ("cause first", "下游卡住时goroutine会堆满，因为http.DefaultClient不超时，所以Go服务的HTTP client一定要设Timeout。", ["goroutine"], ""),
          ("short summary, body", "Go HTTP client必须配Timeout", ["http.Client"],
           "http.DefaultClient默认没有超时；支付回调的下游挂掉时goroutine涨到十万个，服务OOM了。"),
      ],
      near=[
          ("new value", "Go服务的HTTP client Timeout统一设成5s，下游P99是2s，设太长在故障时还是会堆积goroutine。", ["Go", "http.Client", "超时"], ""),
          ("different client", "Go服务的gRPC client必须设置deadline，默认没有超时，下游卡住会把goroutine堆满。", ["Go", "gRPC", "超时", "goroutine"], ""),
          ("negation: not a global timeout", "Go服务的HTTP client不要设置全局Timeout，流式下载会被截断，改用context控制每个请求的超时。", ["Go", "http.Client", "context"], ""),
      ],
      related=[
          ("another Go convention", "Go服务用errgroup管理后台goroutine，任何一个退出都要让整个服务退出。", ["Go", "errgroup"], ""),
      ])

topic("mx-docker-layer-order", "mixed", "build", "facts",
      "Dockerfile里COPY requirements.txt要放在COPY . 之前，否则每次改代码都会重新pip install。",
      ["Dockerfile", "构建缓存", "layer"],
      "CI里镜像构建从十分钟降到一分钟，就是靠这个layer顺序。",
      para=[
          ("symptom first", "每次改代码都重新pip install，是因为Dockerfile先COPY了整个目录；requirements.txt要先单独COPY。", ["Dockerfile"], ""),
          ("synonyms, lengthened", "Dockerfile里先单独COPY requirements.txt并安装依赖，再COPY整个代码目录，这样能复用依赖层的缓存。", ["Dockerfile", "构建缓存"], ""),
          ("short summary, body", "Dockerfile的COPY顺序影响构建缓存", ["layer"],
           "requirements.txt要在COPY . 之前复制，不然改一行代码都要重新pip install；CI镜像构建因此从十分钟降到了一分钟。"),
      ],
      near=[
          ("different file and tool", "Dockerfile里COPY package.json要放在COPY . 之前，否则每次改代码都会重新npm ci。", ["Dockerfile", "构建缓存", "npm"], ""),
          ("new flag added", "Dockerfile里COPY requirements.txt要放在COPY . 之前，pip install还要加--no-cache-dir，否则镜像会多出三百MB。", ["Dockerfile", "pip", "镜像大小"], ""),
          ("negation: order no longer matters", "Dockerfile里COPY的顺序不再重要了，CI改用BuildKit的cache mount缓存pip下载。", ["Dockerfile", "BuildKit"], ""),
      ],
      related=[
          ("another image fact", "基础镜像统一用python:3.12-slim，不用alpine，musl会让很多wheel要从源码编译。", ["Dockerfile", "基础镜像"], ""),
      ])

topic("mx-nginx-timeout", "mixed", "web-server", "facts",
      "nginx的proxy_read_timeout要调到300s，导出报表的接口要跑两三分钟，默认60s会返回504。",
      ["nginx", "504", "proxy_read_timeout", "导出"],
      "只对导出报表那个location调大，别改全局配置。",
      para=[
          ("reordered", "导出报表接口要跑两三分钟，nginx默认60s的proxy_read_timeout会504，要调到300s。", ["nginx", "导出"], ""),
          ("question shape, body", "导出报表504？把nginx的proxy_read_timeout从60s调到300s。", ["504"],
           "只改导出那个location，不动全局。"),
          ("register shift to Chinese words", "导出报表接口要两三分钟，nginx默认的读超时六十秒会504，得调到三百秒。", ["nginx", "超时"], ""),
      ],
      near=[
          ("different numbers", "nginx的proxy_read_timeout要调到600s，导出报表的接口要跑七八分钟，默认60s会返回504。", ["nginx", "504", "proxy_read_timeout"], ""),
          ("different directive and code", "nginx的client_max_body_size要调到50m，上传报表的接口用默认的1m会返回413。", ["nginx", "413", "上传"], ""),
          ("negation: made async", "导出报表改成了异步任务，nginx的proxy_read_timeout不用再调大，保持默认60s。", ["nginx", "导出"], ""),
      ],
      related=[
          ("another nginx fact", "nginx的access log里要带上upstream_response_time，方便区分是nginx慢还是后端慢。", ["nginx", "access log"], ""),
      ])

topic("mx-ts-strict", "mixed", "typescript", "preferences",
      "tsconfig里开了strict: true，新代码不允许用any，实在需要就用unknown再收窄。",
      ["TypeScript", "strict", "any"],
      "review时看到any会直接要求改，eslint的no-explicit-any也是error级别。",
      para=[
          ("synonyms", "TypeScript是strict模式，新写的代码禁止any，必要时用unknown再做类型收窄。", ["TypeScript"], ""),
          ("reordered", "新代码里别写any，tsconfig是strict: true，需要的时候用unknown加收窄。", ["any"], ""),
          ("short summary, body", "TS新代码禁用any", ["TypeScript", "any"],
           "tsconfig开了strict: true，eslint的no-explicit-any是error；确实需要时写unknown再收窄，review看到any会被要求改。"),
      ],
      near=[
          ("different flag", "tsconfig里开了strict: true，但noUncheckedIndexedAccess没开，数组下标取值要自己判空。", ["TypeScript", "strict", "noUncheckedIndexedAccess"], ""),
          ("negation: relaxed for now", "tsconfig里的strict: true被临时关掉了，迁移期间旧代码允许用any。", ["TypeScript", "strict", "any"], ""),
          ("new exception", "tsconfig里开了strict: true，新代码不允许用any，测试文件例外，mock里可以用any。", ["TypeScript", "any", "测试"], ""),
      ],
      related=[
          ("another TypeScript config fact", "TypeScript的路径别名@/指向src，vite.config和tsconfig里要同时配置。", ["TypeScript", "路径别名"], ""),
      ])

topic("mx-kafka-poll", "mixed", "messaging", "pitfalls",
      "Kafka消费者的max.poll.interval.ms要调到600000，处理一批消息最多要五分钟，超时会被踢出group反复rebalance。",
      ["Kafka", "rebalance", "max.poll.interval.ms"],
      "默认300000在大促时不够用，消费者不断rebalance，积压越来越多。",
      para=[
          ("reordered", "处理一批Kafka消息最长要五分钟，max.poll.interval.ms得调到600000，不然被踢出group一直rebalance。", ["Kafka"], ""),
          ("synonyms", "Kafka consumer的max.poll.interval.ms设成600000，默认的300000会让消费者频繁rebalance。", ["Kafka", "rebalance"], ""),
          ("question shape", "Kafka一直rebalance、消息积压？把max.poll.interval.ms从300000调到600000。", ["rebalance"], ""),
      ],
      near=[
          ("different setting", "Kafka消费者的max.poll.records要调到100，一批消息太多会超过max.poll.interval.ms被踢出group。", ["Kafka", "max.poll.records"], ""),
          ("different number", "Kafka消费者的max.poll.interval.ms要调到900000，处理一批消息最多要十二分钟。", ["Kafka", "max.poll.interval.ms"], ""),
          ("negation: not needed", "Kafka消费者不用再调max.poll.interval.ms，处理逻辑已经改成异步，poll不会超时了。", ["Kafka", "max.poll.interval.ms"], ""),
      ],
      related=[
          ("another Kafka fact", "Kafka的topic上线后不能随便加分区，加分区会打乱按订单号的顺序保证。", ["Kafka", "分区"], ""),
      ])

topic("mx-no-verify", "mixed", "git", "preferences",
      "提交前pre-commit会跑ruff和mypy，别用git commit --no-verify跳过，CI会用同样的检查拦下来。",
      ["pre-commit", "no-verify", "ruff", "mypy"],
      "跳过只会把问题推迟到CI，等十分钟再失败。",
      para=[
          ("synonyms", "不要用--no-verify绕过pre-commit，里面的ruff和mypy检查CI也会跑，照样会挂。", ["pre-commit"], ""),
          ("reordered", "CI跑的就是pre-commit里的ruff和mypy，所以本地提交别加--no-verify跳过。", ["pre-commit", "CI"], ""),
          ("short summary, body", "别跳过pre-commit", ["no-verify"],
           "git commit --no-verify跳过的ruff和mypy检查CI一样会跑，只是等十分钟后再失败。"),
      ],
      near=[
          ("new hook", "提交前pre-commit除了ruff和mypy还会跑codespell，拼写错误也会拒绝提交。", ["pre-commit", "codespell"], ""),
          ("negation: mypy moved", "pre-commit里的mypy已经移到CI单独跑，本地提交不会再等mypy。", ["pre-commit", "mypy", "CI"], ""),
          ("new exception", "提交前pre-commit会跑ruff和mypy，只改文档的提交可以用--no-verify跳过。", ["pre-commit", "no-verify", "文档"], ""),
      ],
      related=[
          ("another pre-commit fact", "pre-commit的hook版本每月用pre-commit autoupdate更新一次，单独提一个提交。", ["pre-commit", "autoupdate"], ""),
      ])

topic("mx-proto-reserved", "mixed", "api", "decisions",
      "gRPC接口的字段编号一旦发布就不能改，删除字段要用reserved占住编号。",
      ["gRPC", "protobuf", "字段编号", "reserved"],
      "有一次复用了已删除字段的编号，老客户端把新字段解析成了旧含义，金额算错。",
      para=[
          ("synonyms", "protobuf字段编号发布后禁止修改，删掉的字段要reserved它的编号，防止被复用。", ["protobuf"], ""),
          ("reordered", "删除protobuf字段时用reserved保留编号；gRPC接口发布后字段编号不能动。", ["gRPC", "reserved"], ""),
          ("short summary, body", "proto字段编号不能复用", ["字段编号"],
           "删除的字段要用reserved占住编号；以前复用过已删除字段的编号，老客户端按旧含义解析，金额算错了。"),
      ],
      near=[
          ("field names too", "gRPC接口的字段名一旦发布也不能改，JSON映射用的是字段名，改名会让网关的调用方解析失败。", ["gRPC", "protobuf", "字段名"], ""),
          ("new exception", "gRPC接口的字段编号一旦发布就不能改，但还在内测的v1alpha包可以随便改。", ["gRPC", "字段编号", "v1alpha"], ""),
          ("negation: reserved not needed", "gRPC接口删除字段不用再写reserved了，buf breaking会在CI里拦住编号复用。", ["gRPC", "buf", "reserved"], ""),
      ],
      related=[
          ("another gRPC fact", "gRPC服务的deadline由调用方设置，服务端要检查ctx.Done()并及时退出。", ["gRPC", "deadline"], ""),
      ])

topic("mx-apple-silicon", "mixed", "local-dev", "pitfalls",
      "在Apple Silicon的Mac上构建镜像要加--platform linux/amd64，否则推到线上的arm64镜像起不来。",
      ["docker build", "Apple Silicon", "platform", "arm64"],
      "线上节点都是x86，arm64镜像启动就报exec format error。",
      para=[
          ("cause first", "线上节点是x86，M系列Mac上docker build默认出arm64镜像，会exec format error，要加--platform linux/amd64。", ["docker build"], ""),
          ("shortened", "M芯片Mac构建镜像加--platform linux/amd64。", ["Apple Silicon"], ""),
          ("short summary, body", "Apple Silicon上构建镜像要指定平台", ["platform", "arm64"],
           "不加--platform linux/amd64出来的是arm64镜像，线上x86节点启动时报exec format error。"),
      ],
      near=[
          ("reversed architecture", "在x86的构建机上构建镜像要加--platform linux/arm64，线上新加的节点都是arm64。", ["docker build", "platform", "arm64"], ""),
          ("negation: not needed", "在Apple Silicon的Mac上构建镜像不用再加--platform，CI已经统一构建多架构镜像。", ["docker build", "Apple Silicon"], ""),
          ("new fact: slower", "在Apple Silicon的Mac上加--platform linux/amd64构建镜像会慢三到五倍，因为走的是QEMU模拟。", ["docker build", "Apple Silicon", "QEMU"], ""),
      ],
      related=[
          ("another local-dev fact", "本地开发用colima代替Docker Desktop，给它8G内存就够了。", ["colima", "本地开发"], ""),
      ])

topic("mx-sentry-sampling", "mixed", "observability", "facts",
      "Sentry的traces_sample_rate在生产设成0.1，设成1.0一个月的配额三天就用完了。",
      ["Sentry", "traces_sample_rate", "采样"],
      "错误事件不受这个采样率影响，仍然全部上报。",
      para=[
          ("reordered", "生产环境Sentry的traces_sample_rate用0.1；用1.0的话月配额三天就耗光。", ["Sentry"], ""),
          ("synonyms, vaguer number", "线上Sentry性能追踪的采样率配成0.1，全量采样几天就会把每月额度用完。", ["Sentry", "采样"], ""),
          ("short summary, body", "Sentry生产采样率0.1", ["traces_sample_rate"],
           "traces_sample_rate设成1.0时月配额三天就没了；错误事件不受影响，还是全量上报。"),
      ],
      near=[
          ("different numbers", "Sentry的traces_sample_rate在生产设成0.01，设成0.1一个月的配额十天就用完了。", ["Sentry", "traces_sample_rate", "采样"], ""),
          ("different setting", "Sentry的profiles_sample_rate在生产设成0.1，开全量会让接口延迟涨百分之十。", ["Sentry", "profiles_sample_rate"], ""),
          ("new exception", "Sentry的traces_sample_rate在生产设成0.1，但支付相关的接口用traces_sampler设成1.0。", ["Sentry", "traces_sampler", "支付"], ""),
      ],
      related=[
          ("another Sentry fact", "Sentry里的release要和镜像tag一致，部署脚本在上线后调用sentry-cli创建release。", ["Sentry", "release"], ""),
      ])


# ---------------------------------------------------------------------------------------------
# Pairs
# ---------------------------------------------------------------------------------------------

def _with_prefix(memory: Memory, prefix: str) -> Memory:
    return Memory(prefix + memory.summary, memory.load_when, memory.body, memory.category)


def _unrelated_source(t: Topic, index: int, step: int) -> Topic:
    """The step-th later topic of the same language whose area differs from t's."""
    same = [u for u in TOPICS if u.language == t.language]
    i = same.index(t)
    found = 0
    for k in range(1, len(same)):
        u = same[(i + k) % len(same)]
        if u.area != t.area:
            found += 1
            if found == step:
                return u
    raise AssertionError(f"no unrelated topic for {t.name}")


def pairs() -> list[Pair]:
    """Every labelled pair, hand-written ones first, in a fixed order."""
    out: list[Pair] = []
    for ti, t in enumerate(TOPICS):
        cat = t.existing.category

        def add(cls: str, n: str, cand: Memory, note: str) -> None:
            out.append(Pair(f"{t.name}/{cls}/{n}", t.language, cls, t.name, t.existing, cand, note))

        for n, c in enumerate(t.para):
            m, note = _memory(c, cat), c[0]
            if n == 2 and ti % 3 == 0:  # a model may file the same fact under another category
                m = Memory(m.summary, m.load_when, m.body, OTHER_CATEGORY[cat])
                note += f"; filed under {m.category}"
            add("paraphrase", str(n), m, note)
        for n, c in enumerate(t.near):
            add("near-miss", str(n), _memory(c, cat), c[0])
        for n, c in enumerate(t.related):
            add("related", str(n), _memory(c, cat), c[0])
        # Generated surface variants: the label is the hand-written one's.
        prefix = PREFIXES[t.language][ti % len(PREFIXES[t.language])]
        p1 = _memory(t.para[1], cat)
        add("paraphrase", "g-prefix", _with_prefix(p1, prefix), f"filler prefix {prefix.strip()!r} on: {t.para[1][0]}")
        p0 = _memory(t.para[0], cat)
        if p0.body:
            add("paraphrase", "g-nobody", Memory(p0.summary, p0.load_when, "", cat), f"body dropped from: {t.para[0][0]}")
        else:
            add("paraphrase", "g-body", Memory(p0.summary, p0.load_when, t.existing.body, cat),
                f"existing body copied under: {t.para[0][0]}")
        n0 = _memory(t.near[0], cat)
        add("near-miss", "g-prefix", _with_prefix(n0, prefix), f"filler prefix {prefix.strip()!r} on: {t.near[0][0]}")
        # Unrelated: a candidate from a topic of another area in the same language.
        u1 = _unrelated_source(t, ti, 1)
        add("unrelated", "0", _memory(u1.related[0], u1.existing.category), f"related candidate of {u1.name}")
        u2 = _unrelated_source(t, ti, 3)
        add("unrelated", "1", _memory(u2.para[0], u2.existing.category), f"paraphrase of {u2.name}")
    return out


if __name__ == "__main__":
    import collections

    ps = pairs()
    print(len(ps), "pairs;", len(TOPICS), "topics")
    print(dict(collections.Counter(p.cls for p in ps)))
    print(dict(collections.Counter(p.language for p in ps)))
