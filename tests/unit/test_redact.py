"""Secrets out of logs and output: the whole rendered record (arguments, traceback, stack) and raw writes."""

from __future__ import annotations

import io
import logging
import sys
from urllib.parse import quote

from rag_bot.frontends.redact import RedactingFilter, RedactingStream, Redactor, install

TOKEN = "7312345678:AAHc0ffee-S3cr3tPart_xyz9876543210abc"
SECRET_PART = TOKEN.split(":")[1]


def render(record_call) -> str:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    handler.addFilter(RedactingFilter(Redactor([TOKEN])))
    logger = logging.getLogger(f"test-redact-{id(stream)}")
    logger.propagate = False
    logger.setLevel(logging.DEBUG)
    logger.addHandler(handler)
    record_call(logger)
    return stream.getvalue()


def test_arguments_tracebacks_and_stacks_are_redacted():
    def log_everything(logger: logging.Logger) -> None:
        logger.info("calling %s/getMe", f"https://api.telegram.org/bot{TOKEN}")
        try:
            raise ValueError(f"The token `{TOKEN}` was rejected; url-encoded {quote(TOKEN, safe='')}")
        except ValueError:
            logger.exception("start failed for %s", SECRET_PART)
        logger.warning("where was %s", TOKEN, stack_info=True)

    output = render(log_everything)
    assert "Traceback" in output and "Stack (most recent call last)" in output
    assert "The token `<redacted>` was rejected" in output and "bot<redacted>/getMe" in output
    assert SECRET_PART not in output and quote(TOKEN, safe="") not in output and "S3cr3tPart" not in output


def test_raw_writes_and_short_secrets():
    out = io.StringIO()
    stream = RedactingStream(out, Redactor([TOKEN, "abc", None, ""]))
    stream.write(f"printed {TOKEN} and abc\n")
    assert out.getvalue() == "printed <redacted> and abc\n"  # secrets under 8 characters are left alone


def test_install_covers_root_handlers_and_the_standard_streams(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    root = logging.getLogger()
    handler = logging.StreamHandler(sys.stderr)
    root.addHandler(handler)
    try:
        install([TOKEN])
        logging.getLogger("some.library").error("request to /bot%s failed", TOKEN)
        print(f"stray {TOKEN}", file=sys.stderr)
    finally:
        root.removeHandler(handler)
        monkeypatch.setattr(sys, "stderr", err)
        logging.captureWarnings(False)
    assert err.getvalue().count("<redacted>") == 2 and SECRET_PART not in err.getvalue()
