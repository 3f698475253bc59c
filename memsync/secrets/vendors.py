"""More vendor token formats: the ones services publish and developers paste into notes.

Grouped by family (cloud, code hosts and registries, chat, AI APIs, payment,
developer tools, key blobs). Each entry is a literal anchor, a lookahead on the
token's shape for the trigger pass, and the exact pattern (see ``rules``).
Bodies are judged like every token: documented examples and fillers are not
findings. A few tokens carry a check on the text around them (a SAS signature
counts only inside a SAS URL or connection string).
"""
from __future__ import annotations

import base64
import binascii

from memsync.secrets.rules import ALNUM, TokenRule, _tok
from memsync.secrets.values import looks_fake, made_of_words

_W = "[A-Za-z0-9_-]"
_UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_B64 = frozenset(ALNUM | set(b"+/"))


def _sas_context(buf: bytes, start: int, end: int) -> bool:
    """``sig=`` is a SAS signature only next to the other SAS fields (sv=, se=, sp=)."""
    lo = max(0, start - 600)
    before = buf[max(lo, buf.rfind(b"\n", lo, start) + 1):start]
    return buf[start - 5:start - 4] in (b"?", b"&", b";") and any(
        f in before for f in (b"sv=", b"se=", b"sp=", b"SharedAccessSignature"))


def _intercom(buf: bytes, start: int, end: int) -> bool:
    try:
        return base64.b64decode(buf[start:start + 8]).startswith(b"tok:")
    except (binascii.Error, ValueError):
        return False


def _words_not_key(body: bytes) -> bool:
    """test_ScalarFunctionNoReferenceCycle is a test name: a random key has digits, not words."""
    return looks_fake(body) or not any(48 <= c <= 57 for c in body) or made_of_words(body)


def _bare_key_blob(buf: bytes, start: int, end: int) -> bool:
    """A base64 key blob outside a PEM block (the PEM rule reports those)."""
    return b"-----" not in buf[max(0, start - 100):start]


TOKEN_RULES: tuple[TokenRule, ...] = (
    # --- cloud ---------------------------------------------------------------------------
    _tok("aws-session-token", "AWS temporary session token", ("IQoJb3JpZ2lu", "FwoGZXIvYXdz", "FQoGZXIvYXdz"),
         "[A-Za-z0-9+/]{60}", r"(?:IQoJb3JpZ2lu|F[wQ]oGZXIvYXdz)(?P<b>[A-Za-z0-9+/]{100,2000}={0,2})(?![A-Za-z0-9+/=])"),
    _tok("google-oauth-token", "Google OAuth access token", ("ya29.",), "[A-Za-z0-9_-]{30}",
         r"ya29\.(?P<b>[A-Za-z0-9_-]{30,2000})(?![A-Za-z0-9_-])"),
    _tok("google-oauth-token", "Google OAuth refresh token", ("1//0",), "[A-Za-z0-9_-]{40}",
         r"1//0(?P<b>[A-Za-z0-9_-]{40,400})(?![A-Za-z0-9_-])", left=frozenset(ALNUM | set(b"/"))),
    TokenRule("firebase-server-key", "Firebase Cloud Messaging legacy server key",
              ((":APA91b", "[A-Za-z0-9_-]{100}"),),
              r"(?P<s>AAAA[A-Za-z0-9_-]{7}:APA91b(?P<b>[A-Za-z0-9_-]{100,200}))(?![A-Za-z0-9_-])",
              lead=(11, 11), lead_chars="[A-Za-z0-9_-]"),
    _tok("azure-sas-token", "Azure shared access signature (sig= of a SAS URL)", ("sig=",), "[A-Za-z0-9%+/]{40}",
         r"sig=(?P<s>(?P<b>[A-Za-z0-9%+/]{40,120})={0,2})(?![A-Za-z0-9%+/=])", left=frozenset(), check=_sas_context),
    _tok("azure-shared-access-key", "Azure Service Bus / Event Hubs / Relay shared access key",
         ("SharedAccessKey=",), "[A-Za-z0-9+/]{43}=",
         r"SharedAccessKey=(?P<s>[A-Za-z0-9+/]{43}=)(?![A-Za-z0-9+/=])", left=frozenset()),
    _tok("tencent-secret-id", "Tencent Cloud SecretId", ("AKID",), "[A-Za-z0-9]{32}(?![A-Za-z0-9])",
         r"AKID(?P<b>[A-Za-z0-9]{32})(?![A-Za-z0-9])"),
    _tok("volcengine-access-key", "Volcengine (ByteDance) access key id", ("AKLT",), "[A-Za-z0-9_-]{40}",
         r"AKLT(?P<b>[A-Za-z0-9_-]{40,60})(?![A-Za-z0-9_-])"),
    _tok("yandex-api-key", "Yandex Cloud API key", ("AQVN",), "[A-Za-z0-9_-]{35}",
         r"AQVN(?P<b>[A-Za-z0-9_-]{35,38})(?![A-Za-z0-9_-])"),
    _tok("heroku-api-key", "Heroku API key (HRKU-)", ("HRKU-",), "[A-Za-z0-9_-]{50}",
         r"HRKU-(?P<b>[A-Za-z0-9_-]{50,80})(?![A-Za-z0-9_-])"),
    _tok("fly-token", "Fly.io access token", ("fo1_",), "[A-Za-z0-9_-]{43}",
         r"fo1_(?P<b>[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])"),
    _tok("fly-token", "Fly.io macaroon token (after FlyV1)", ("fm1_", "fm2_"), "[A-Za-z0-9+/=,_-]{100}",
         r"fm[12]_(?P<b>[A-Za-z0-9+/=,_-]{100,4000})(?![A-Za-z0-9+/=,_-])"),
    _tok("supabase-token", "Supabase personal access token", ("sbp_",), "[a-f0-9]{40}",
         r"sbp_(?P<b>[a-f0-9]{40})(?![A-Za-z0-9])"),
    _tok("supabase-token", "Supabase secret API key", ("sb_secret_",), "[A-Za-z0-9_-]{20}",
         r"sb_secret_(?P<b>[A-Za-z0-9_-]{20,64})(?![A-Za-z0-9_-])"),
    _tok("planetscale-token", "PlanetScale service token or password", ("pscale_tkn_", "pscale_pw_", "pscale_oauth_"),
         "[A-Za-z0-9_.-]{32}", r"pscale_(?:tkn|pw|oauth)_(?P<b>[A-Za-z0-9_.-]{32,64})(?![A-Za-z0-9_.-])"),
    # --- code hosts, CI and registries --------------------------------------------------
    _tok("sourcegraph-token", "Sourcegraph access token", ("sgp_",), "(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40}",
         r"sgp_(?P<b>(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40})(?![A-Za-z0-9])"),
    _tok("atlassian-api-token", "Atlassian (Jira, Confluence, Bitbucket) API token", ("ATATT3", "ATCTT3"),
         "[A-Za-z0-9_=-]{100}", r"AT[AC]TT3(?P<b>[A-Za-z0-9_=-]{100,300})(?![A-Za-z0-9_=-])"),
    _tok("atlassian-api-token", "Bitbucket app password", ("ATBB",), "[A-Za-z0-9]{28}",
         r"ATBB(?P<b>[A-Za-z0-9]{28,40})(?![A-Za-z0-9])"),
    _tok("gitlab-token", "GitLab runner registration token (legacy)", ("GR1348941",), "[A-Za-z0-9_-]{20}",
         r"GR1348941(?P<b>[A-Za-z0-9_-]{20})(?![A-Za-z0-9_-])"),
    _tok("docker-hub-token", "Docker Hub personal or organisation access token", ("dckr_pat_", "dckr_oat_"),
         "[A-Za-z0-9_-]{24}", r"dckr_(?:pat|oat)_(?P<b>[A-Za-z0-9_-]{24,40})(?![A-Za-z0-9_-])"),
    _tok("rubygems-api-key", "RubyGems API key", ("rubygems_",), "[a-f0-9]{48}",
         r"rubygems_(?P<b>[a-f0-9]{48})(?![A-Za-z0-9])"),
    _tok("nuget-api-key", "NuGet API key", ("oy2",), "[a-z0-9]{43}(?![A-Za-z0-9])",
         r"oy2(?P<b>[a-z0-9]{43})(?![A-Za-z0-9])"),
    _tok("crates-io-token", "crates.io API token", ("cio",), "[A-Za-z0-9]{32}(?![A-Za-z0-9])",
         r"cio(?P<b>[A-Za-z0-9]{32})(?![A-Za-z0-9])"),
    _tok("jfrog-token", "JFrog Artifactory API key", ("AKCp",), "[A-Za-z0-9]{60}",
         r"AKCp(?P<b>[A-Za-z0-9]{60,80})(?![A-Za-z0-9])"),
    _tok("jfrog-token", "JFrog reference token", ("cmVmdGtuOjAxOj",), "[A-Za-z0-9]{40}",
         r"cmVmdGtuOjAxOj(?P<b>[A-Za-z0-9]{40,120})(?![A-Za-z0-9])"),
    _tok("clojars-token", "Clojars deploy token", ("CLOJARS_",), "[a-z0-9]{60}",
         r"CLOJARS_(?P<b>[a-z0-9]{60})(?![A-Za-z0-9])"),
    _tok("circleci-token", "CircleCI personal API token", ("CCIPAT_",), "[A-Za-z0-9]{22}_[a-f0-9]{40}",
         r"CCIPAT_(?P<b>[A-Za-z0-9]{22}_[a-f0-9]{40})(?![A-Za-z0-9])"),
    _tok("buildkite-token", "Buildkite API access token", ("bkua_",), "[a-f0-9]{40}",
         r"bkua_(?P<b>[a-f0-9]{40})(?![A-Za-z0-9])"),
    _tok("sonarqube-token", "SonarQube / SonarCloud token", ("squ_", "sqp_", "sqa_"), "[a-f0-9]{40}",
         r"sq[upa]_(?P<b>[a-f0-9]{40})(?![A-Za-z0-9])"),
    TokenRule("terraform-cloud-token", "Terraform Cloud / HCP Terraform API token",
              ((".atlasv1.", "[A-Za-z0-9_=-]{60}"),),
              r"(?P<s>[A-Za-z0-9]{14}\.atlasv1\.(?P<b>[A-Za-z0-9_=-]{60,70}))(?![A-Za-z0-9_=-])",
              lead=(14, 14), lead_chars="[A-Za-z0-9]"),
    _tok("pulumi-token", "Pulumi access token", ("pul-",), "[a-f0-9]{40}", r"pul-(?P<b>[a-f0-9]{40})(?![A-Za-z0-9])"),
    _tok("infracost-api-key", "Infracost API key", ("ico-",), "[A-Za-z0-9]{32}",
         r"ico-(?P<b>[A-Za-z0-9]{32})(?![A-Za-z0-9])"),
    _tok("doppler-token", "Doppler token", ("dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."),
         "[A-Za-z0-9]{40}", r"dp\.(?:pt|st|sa|ct|scim|audit)\.(?P<b>[A-Za-z0-9]{40,44})(?![A-Za-z0-9])"),
    _tok("netlify-token", "Netlify personal access token", ("nfp_",), "[A-Za-z0-9]{36}",
         r"nfp_(?P<b>[A-Za-z0-9]{36,40})(?![A-Za-z0-9])"),
    _tok("tailscale-key", "Tailscale auth, API or OAuth client key",
         ("tskey-auth-", "tskey-api-", "tskey-client-", "tskey-webhook-", "tskey-scim-"), "[A-Za-z0-9]{8}",
         r"tskey-(?:auth|api|client|webhook|scim)-(?P<b>[A-Za-z0-9]{8,40}-[A-Za-z0-9]{20,64})(?![A-Za-z0-9-])"),
    _tok("prefect-token", "Prefect Cloud API key", ("pnu_",), "[A-Za-z0-9]{36}",
         r"pnu_(?P<b>[A-Za-z0-9]{36})(?![A-Za-z0-9])"),
    _tok("postman-api-key", "Postman API key", ("PMAK-",), "[a-f0-9]{24}-",
         r"PMAK-(?P<b>[a-f0-9]{24}-[a-f0-9]{34})(?![A-Za-z0-9])"),
    _tok("grafana-token", "Grafana service account token", ("glsa_",), "[A-Za-z0-9]{32}_",
         r"glsa_(?P<b>[A-Za-z0-9]{32}_[a-f0-9]{8})(?![A-Za-z0-9])"),
    _tok("grafana-token", "Grafana Cloud token", ("glc_",), "[A-Za-z0-9+/]{32}",
         r"glc_(?P<b>[A-Za-z0-9+/]{32,400}={0,2})(?![A-Za-z0-9+/=])"),
    _tok("new-relic-key", "New Relic user, ingest or browser key", ("NRAK-", "NRII-", "NRJS-", "NRRA-"),
         "[A-Za-z0-9]{19}", r"NR(?:AK|II|JS|RA)-(?P<b>[A-Za-z0-9]{19,40})(?![A-Za-z0-9])"),
    _tok("sentry-token", "Sentry user auth token", ("sntryu_",), "[a-f0-9]{64}",
         r"sntryu_(?P<b>[a-f0-9]{64})(?![A-Za-z0-9])"),
    _tok("sentry-token", "Sentry organisation auth token", ("sntrys_",), "[A-Za-z0-9+/=_-]{60}",
         r"sntrys_(?P<b>[A-Za-z0-9+/=_-]{60,400})(?![A-Za-z0-9+/=_-])"),
    _tok("dynatrace-token", "Dynatrace API token", ("dt0c01.",), "[A-Z0-9]{24}\\.",
         r"dt0c01\.(?P<b>[A-Z0-9]{24}\.[A-Z0-9]{64})(?![A-Za-z0-9])"),
    _tok("contentful-token", "Contentful personal access token", ("CFPAT-",), "[A-Za-z0-9_-]{43}",
         r"CFPAT-(?P<b>[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])"),
    _tok("figma-token", "Figma personal access token", ("figd_",), "[A-Za-z0-9_-]{40}",
         r"figd_(?P<b>[A-Za-z0-9_-]{40,100})(?![A-Za-z0-9_-])"),
    TokenRule("airtable-token", "Airtable personal access token", ((".", "[a-f0-9]{64}(?![A-Za-z0-9])"),),
              r"(?P<s>pat[A-Za-z0-9]{14}\.(?P<b>[a-f0-9]{64}))(?![A-Za-z0-9])", lead=(17, 17), lead_chars="[A-Za-z0-9]"),
    _tok("typeform-token", "Typeform personal token", ("tfp_",), "[A-Za-z0-9_-]{40}",
         r"tfp_(?P<b>[A-Za-z0-9_-]{40,70})(?![A-Za-z0-9_-])"),
    _tok("notion-token", "Notion integration token", ("ntn_",), "[A-Za-z0-9]{40}",
         r"ntn_(?P<b>[A-Za-z0-9]{40,60})(?![A-Za-z0-9])"),
    _tok("notion-token", "Notion integration token (legacy secret_)", ("secret_",), "[A-Za-z0-9]{43}(?![A-Za-z0-9])",
         r"secret_(?P<b>[A-Za-z0-9]{43})(?![A-Za-z0-9_-])"),
    _tok("hubspot-token", "HubSpot private app token", ("pat-",), "(?:na|eu|ap)[0-9]-[0-9a-f]{8}-",
         rf"pat-(?:na|eu|ap)[0-9]-(?P<b>{_UUID})(?![A-Za-z0-9-])"),
    _tok("dropbox-token", "Dropbox access token", ("sl.",), "(?:u\\.)?[A-Za-z0-9_-]{130}",
         r"sl\.(?:u\.)?(?P<b>[A-Za-z0-9_-]{130,1400})(?![A-Za-z0-9_-])"),
    _tok("mapbox-secret-token", "Mapbox secret token (sk.; pk. tokens are public)", ("sk.eyJ",), "[A-Za-z0-9_-]{40,400}\\.",
         r"sk\.eyJ(?P<b>[A-Za-z0-9_-]{40,400}\.[A-Za-z0-9_-]{20,100})(?![A-Za-z0-9_-])"),
    _tok("onepassword-token", "1Password service account token", ("ops_eyJ",), "[A-Za-z0-9+/=_-]{100}",
         r"ops_eyJ(?P<b>[A-Za-z0-9+/=_-]{100,2000})(?![A-Za-z0-9+/=_-])"),
    _tok("onepassword-token", "1Password account secret key", ("A3-",), "[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{5}-",
         r"A3-(?P<b>[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})(?![A-Za-z0-9])"),
    TokenRule("mailchimp-api-key", "Mailchimp API key (32 hex, -us<datacenter>)",
              (("-us", "[0-9]{1,2}(?![A-Za-z0-9])"),),
              r"(?P<s>(?P<b>[0-9a-f]{32})-us[0-9]{1,2})(?![A-Za-z0-9])", lead=(32, 32), lead_chars="[0-9a-f]",
              long=False),
    _tok("brevo-api-key", "Brevo (Sendinblue) API or SMTP key", ("xkeysib-", "xsmtpsib-"), "[a-f0-9]{64}-",
         r"x(?:key|smtp)sib-(?P<b>[a-f0-9]{64}-[A-Za-z0-9]{16})(?![A-Za-z0-9])"),
    # --- chat and social ----------------------------------------------------------------
    _tok("facebook-access-token", "Facebook / Meta (WhatsApp, Instagram) access token", ("EAA",), "[A-Za-z0-9]{80}",
         r"EAA(?P<b>[A-Za-z0-9]{80,400})(?![A-Za-z0-9_-])"),
    _tok("teams-webhook", "Microsoft Teams incoming webhook URL", (".webhook.office.com/webhookb2/",), "[0-9a-f]{8}-",
         rf"\.webhook\.office\.com/webhookb2/(?P<s>{_UUID}@{_UUID}/IncomingWebhook/(?P<b>[0-9a-f]{{32}})/{_UUID}"
         r"(?:/[A-Za-z0-9_-]{20,80})?)(?![A-Za-z0-9_/-])", left=frozenset()),
    _tok("teams-webhook", "Microsoft Teams incoming webhook URL (legacy host)", ("outlook.office.com/webhook/",),
         "[0-9a-f]{8}-", rf"outlook\.office\.com/webhook/(?P<s>{_UUID}@{_UUID}/IncomingWebhook/(?P<b>[0-9a-f]{{32}})/{_UUID})"),
    _tok("discord-webhook", "Discord webhook URL", ("discord.com/api/webhooks/", "discordapp.com/api/webhooks/"),
         "[0-9]{17,20}/[A-Za-z0-9_-]{60}",
         r"discord(?:app)?\.com/api/webhooks/(?P<s>[0-9]{17,20}/(?P<b>[A-Za-z0-9_-]{60,80}))(?![A-Za-z0-9_-])",
         left=frozenset()),
    _tok("intercom-token", "Intercom access token", ("dG9rO",), "[A-Za-z0-9+/]{30}",
         r"dG9rO(?P<b>[A-Za-z0-9+/]{30,200}={0,2})(?![A-Za-z0-9+/=])", check=_intercom),
    _tok("twitter-bearer-token", "Twitter / X app bearer token", ("A" * 21,), "[A-Za-z0-9%]{50}",
         r"A{21,22}(?P<b>[A-Za-z0-9%]{50,200})(?![A-Za-z0-9%])"),
    # --- AI APIs --------------------------------------------------------------------------
    _tok("groq-api-key", "Groq API key", ("gsk_",), "[A-Za-z0-9]{52}", r"gsk_(?P<b>[A-Za-z0-9]{52})(?![A-Za-z0-9])"),
    _tok("xai-api-key", "xAI (Grok) API key", ("xai-",), "[A-Za-z0-9]{80}", r"xai-(?P<b>[A-Za-z0-9]{80})(?![A-Za-z0-9])"),
    _tok("replicate-token", "Replicate API token", ("r8_",), "[A-Za-z0-9]{37}",
         r"r8_(?P<b>[A-Za-z0-9]{37})(?![A-Za-z0-9])"),
    _tok("perplexity-api-key", "Perplexity API key", ("pplx-",), "[A-Za-z0-9]{48}",
         r"pplx-(?P<b>[A-Za-z0-9]{48,56})(?![A-Za-z0-9])"),
    _tok("langsmith-api-key", "LangSmith API key", ("lsv2_pt_", "lsv2_sk_"), "[a-f0-9]{32}_",
         r"lsv2_(?:pt|sk)_(?P<b>[a-f0-9]{32}_[a-f0-9]{10})(?![A-Za-z0-9])"),
    _tok("tavily-api-key", "Tavily API key", ("tvly-",), "(?:dev-|prod-)?[A-Za-z0-9]{32}",
         r"tvly-(?:dev-|prod-)?(?P<b>[A-Za-z0-9]{32})(?![A-Za-z0-9])"),
    _tok("pinecone-api-key", "Pinecone API key", ("pcsk_",), "[A-Za-z0-9]{4,8}_",
         r"pcsk_(?P<b>[A-Za-z0-9]{4,8}_[A-Za-z0-9]{50,80})(?![A-Za-z0-9])"),
    _tok("nvidia-api-key", "NVIDIA API key", ("nvapi-",), "[A-Za-z0-9_-]{64}",
         r"nvapi-(?P<b>[A-Za-z0-9_-]{64})(?![A-Za-z0-9_-])"),
    _tok("elevenlabs-api-key", "ElevenLabs API key", ("sk_",), "[a-f0-9]{48}(?![A-Za-z0-9])",
         r"sk_(?P<b>[a-f0-9]{48})(?![A-Za-z0-9])"),
    _tok("sk-api-key", "sk- API key (DeepSeek, Moonshot, Stability, DashScope, OpenRouter, ...)", ("sk-",),
         "(?:or-v1-)?[A-Za-z0-9]{32}", r"sk-(?:or-v1-)?(?P<b>[A-Za-z0-9]{32,64})(?![A-Za-z0-9_-])"),
    _tok("sk-api-key", "Langfuse secret key", ("sk-lf-",), "[0-9a-f]{8}-", rf"sk-lf-(?P<b>{_UUID})(?![A-Za-z0-9-])"),
    # --- payment ----------------------------------------------------------------------------
    _tok("stripe-webhook-secret", "Stripe webhook signing secret", ("whsec_",), "[A-Za-z0-9]{32}",
         r"whsec_(?P<b>[A-Za-z0-9]{32,64})(?![A-Za-z0-9])"),
    _tok("square-token", "Square access token or OAuth secret", ("sq0atp-", "sq0csp-"), "[A-Za-z0-9_-]{22}",
         r"sq0(?:atp|csp)-(?P<b>[A-Za-z0-9_-]{22,43})(?![A-Za-z0-9_-])"),
    _tok("square-token", "Square production access token", ("EAAA",), "[A-Za-z0-9_-]{60}(?![A-Za-z0-9_-])",
         r"EAAA(?P<b>[A-Za-z0-9_-]{60})(?![A-Za-z0-9_-])"),
    _tok("braintree-access-token", "Braintree / PayPal access token", ("access_token$",), "(?:production|sandbox)\\$",
         r"access_token\$(?:production|sandbox)\$(?P<b>[a-z0-9]{16}\$[a-f0-9]{32})(?![A-Za-z0-9])"),
    _tok("flutterwave-secret-key", "Flutterwave secret key", ("FLWSECK-", "FLWSECK_TEST-"), "[a-f0-9]{32}-X",
         r"FLWSECK(?:_TEST)?-(?P<b>[a-f0-9]{32})-X"),
    _tok("plaid-access-token", "Plaid access token", ("access-production-", "access-sandbox-", "access-development-"),
         "[0-9a-f]{8}-", rf"access-(?:production|sandbox|development)-(?P<b>{_UUID})(?![A-Za-z0-9-])"),
    _tok("mollie-api-key", "Mollie API key", ("live_", "test_"), "[A-Za-z0-9]{30}(?![A-Za-z0-9_])",
         r"(?:live|test)_(?P<b>[A-Za-z0-9]{30})(?![A-Za-z0-9_])", left=frozenset(ALNUM | set(b"_")),
         fake=_words_not_key),
    _tok("paddle-api-key", "Paddle API key", ("pdl_live_", "pdl_sdbx_"), "[A-Za-z0-9_]{40}",
         r"pdl_(?:live|sdbx)_(?P<b>[A-Za-z0-9_]{40,80})(?![A-Za-z0-9])"),
    # --- framework secrets -------------------------------------------------------------------
    # Rails signs sessions and cookies with secret_key_base (credentials.yml, SECRET_KEY_BASE=);
    # `rails secret` prints 128 hex digits, older apps had 64.
    _tok("rails-secret-key-base", "Rails secret_key_base", ("secret_key_base", "SECRET_KEY_BASE"),
         r"""["']?[ \t]*[:=][ \t]*["']?[0-9a-f]{32}""",
         r"""(?:secret_key_base|SECRET_KEY_BASE)["']?[ \t]*[:=][ \t]*["']?(?P<s>(?P<b>[0-9a-f]{64,256}))(?![0-9A-Za-z])""", long=False),
    # --- key blobs (base64 DER without a PEM header) ---------------------------------------
    TokenRule("pkcs12-keystore", "PKCS#12 / PFX keystore, base64", (("IBAzCC", "[A-Za-z0-9+/]{40}"),),
              r"(?P<s>MII[A-Za-z0-9+/]{3}IBAzCC(?P<b>[A-Za-z0-9+/]{40,20000})={0,2})(?![A-Za-z0-9+/=])",
              lead=(6, 6), lead_chars="[A-Za-z0-9+/]", left=_B64, check=_bare_key_blob, priority=1.5),
    _tok("java-keystore", "Java keystore (JKS), base64", ("/u3+7QAAAA",), "[A-Za-z0-9+/]{40}",
         r"/u3\+7QAAAA(?P<b>[A-Za-z0-9+/]{40,20000}={0,2})(?![A-Za-z0-9+/=])", left=_B64, priority=1.5),
    TokenRule("private-key", "RSA private key (PKCS#1 DER, base64, no PEM header)", (("IBAAKCA", "[A-Za-z0-9+/]{40}"),),
              r"(?P<s>MII[A-Za-z0-9+/]{3}IBAAKCA(?P<b>[A-Za-z0-9+/]{200,20000})={0,2})(?![A-Za-z0-9+/=])",
              lead=(6, 6), lead_chars="[A-Za-z0-9+/]", left=_B64, check=_bare_key_blob, priority=1.5),
    TokenRule("private-key", "private key (PKCS#8 DER, base64, no PEM header)",
              (("IBADANBgkqhkiG9w0BAQEFAAS", "[A-Za-z0-9+/]{40}"),),
              r"(?P<s>MII[A-Za-z0-9+/]{3}IBADANBgkqhkiG9w0BAQEFAAS(?P<b>[A-Za-z0-9+/]{200,20000})={0,2})"
              r"(?![A-Za-z0-9+/=])",
              lead=(6, 6), lead_chars="[A-Za-z0-9+/]", left=_B64, check=_bare_key_blob, priority=1.5),
    _tok("private-key", "EC private key (SEC1 DER, base64, no PEM header)", ("MHcCAQEEI",), "[A-Za-z0-9+/]{60}",
         r"MHcCAQEEI(?P<b>[A-Za-z0-9+/]{100,400})={0,2}(?![A-Za-z0-9+/=])", left=_B64, check=_bare_key_blob,
         priority=1.5),
)
