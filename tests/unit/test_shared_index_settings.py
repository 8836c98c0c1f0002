"""The shared index's configuration: bucket locations, the Chroma server it needs, the keyword files a pointer
names (no bucket is reached here: tests/e2e/test_shared_index.py runs it against the emulator)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rag_bot.config import Settings
from rag_bot.errors import SettingsError
from rag_bot.index.bucket import split_location
from rag_bot.index.shared import keyword_files, needs_chroma_server
from rag_bot.index.shared_uploads import uploads_root


@pytest.mark.parametrize(("location", "parts"), [
    ("gs://my-bucket", ("my-bucket", "")),
    ("gs://my-bucket/", ("my-bucket", "")),
    ("gs://my-bucket/rag/bot/", ("my-bucket", "rag/bot/")),
])
def test_a_location_is_a_bucket_and_a_prefix(location, parts):
    assert split_location(location) == parts


@pytest.mark.parametrize("location", ["s3://bucket/x", "gs://", "gs://UPPER/x", "/srv/index", "gs://a/x"])
def test_other_locations_are_refused(location):
    with pytest.raises(ValueError):
        split_location(location)


def test_the_setting_takes_a_gs_location_only(tmp_path):
    assert Settings(_env_file=None, index_bucket="gs://bucket/rag").index_bucket == "gs://bucket/rag"
    with pytest.raises(ValidationError):
        Settings(_env_file=None, index_bucket="/mnt/shared/index")


def test_a_shared_index_needs_a_chroma_server():
    with pytest.raises(SettingsError, match="needs a Chroma server"):
        needs_chroma_server(Settings(_env_file=None, index_bucket="gs://bucket/rag"))
    needs_chroma_server(Settings(_env_file=None, index_bucket="gs://bucket/rag", chroma_url="http://127.0.0.1:8000"))
    needs_chroma_server(Settings(_env_file=None))  # no bucket: the embedded default


def test_a_pointer_names_its_segments_and_their_deletion_files():
    pointer = {"keyword": {"segments": [{"name": "seg-000001-aaaaaaaa", "deletes": "seg-000001-aaaaaaaa.del-000003.npy"},
                                        {"name": "seg-000003-bbbbbbbb", "deletes": None}]}}
    assert keyword_files(pointer) == ["seg-000001-aaaaaaaa", "seg-000001-aaaaaaaa.del-000003.npy",
                                      "seg-000003-bbbbbbbb"]
    assert keyword_files({"keyword": None}) == []


def test_uploads_are_named_under_the_bucket_location():
    assert uploads_root("gs://bucket/rag/") == "gs://bucket/rag/uploads"
