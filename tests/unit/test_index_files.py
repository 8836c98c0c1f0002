"""The index's own files in isolation: what counts as an index folder, checksums of the manifest and of keyword
segments, and the keyword text rebuilt from what Chroma stores (real files, no Chroma)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rag_bot.index import segments
from rag_bot.index.errors import IndexCorrupted, NotAnIndex
from rag_bot.index.folder import check_folder
from rag_bot.index.keyword_text import keyword_head, keyword_text
from rag_bot.index.manifest import FileRecord, Manifest, ManifestError, read_manifest
from rag_bot.index.types import Hit


def _manifest(path: Path) -> Path:
    manifest = Manifest(embedding_model="m", files={"/c/a.txt": FileRecord("h", ["x1", "x2"], source="a.txt")})
    manifest.save(path)
    return path


def test_a_folder_is_an_index_when_it_holds_only_index_files_or_a_manifest(tmp_path):
    assert check_folder(tmp_path / "new") is False
    (tmp_path / "empty").mkdir()
    assert check_folder(tmp_path / "empty") is False
    (tmp_path / "crashed" / "chroma").mkdir(parents=True)
    (tmp_path / "crashed" / ".manifest.json.0badc0de").write_text("{")
    assert check_folder(tmp_path / "crashed") is True  # a first run killed before its first save
    _manifest(tmp_path / "index" / "manifest.json")
    (tmp_path / "index" / "README").write_text("a note beside an index is allowed, and left alone")
    assert check_folder(tmp_path / "index") is True


@pytest.mark.parametrize(("files", "error"), [
    ({"notes.txt": "mine"}, NotAnIndex),
    ({"manifest.json": "[1, 2]"}, NotAnIndex),
    ({"manifest.json": '{"name": "web app"}'}, NotAnIndex),
    ({".manifest.json.notours": "x"}, NotAnIndex),
    ({"manifest.json": "[1, 2]", "chroma/x": ""}, IndexCorrupted),  # beside the index's parts: ours, damaged
])
def test_other_folders_are_refused(tmp_path, files, error):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    with pytest.raises(error):
        check_folder(tmp_path)
    (tmp_path / "file").write_text("x")
    with pytest.raises(NotAnIndex):
        check_folder(tmp_path / "file")


def test_the_manifest_carries_a_checksum_that_reading_verifies(tmp_path):
    path = _manifest(tmp_path / "manifest.json")
    assert Manifest.load(path).files["/c/a.txt"].chunk_ids == ["x1", "x2"]
    data = path.read_bytes()
    path.write_bytes(data.replace(b'"x2"', b'"x3"'))  # still valid JSON
    with pytest.raises(ManifestError) as damaged:
        read_manifest(path)
    assert damaged.value.checked
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(ManifestError):
        Manifest.load(path)
    path.write_bytes(b'{"version": 2, "files": {"k": {"content_hash": "h", "chunk_ids": []}}}')
    assert list(Manifest.load(path).files) == ["k"]  # a manifest saved before checksums existed is read


def _segment(tmp_path: Path) -> Path:
    arrays = segments.build(["a", "b", "c"], [["river", "boat"], ["river"], ["silence"]], [19690101, 0, 19700202],
                            ["en", "en", "hi"])
    segments.write(arrays, tmp_path / "seg")
    return tmp_path / "seg"


@pytest.mark.parametrize("damage", ["flip a posting", "truncate", "garble the header"])
def test_a_damaged_segment_is_refused_when_mapped(tmp_path, damage):
    path = _segment(tmp_path)
    assert segments.load(path).rows == 3
    data = bytearray(path.read_bytes())
    if damage == "flip a posting":  # the first term frequency, found through the header: a wrong count
        size = int.from_bytes(data[8:16], "little")
        offset = json.loads(data[24:24 + size])["arrays"]["tf"][2]
        data[-(-(24 + size) // 64) * 64 + offset] ^= 0xFF
    elif damage == "truncate":
        data = data[: len(data) - 64]
    else:
        data[30] ^= 0x01
    path.write_bytes(bytes(data))
    with pytest.raises(segments.SegmentDamaged):
        segments.load(path, verify=True)
    if damage == "flip a posting":  # opening reads only the header; the postings fail when first read
        seg = segments.load(path)
        with pytest.raises(segments.SegmentDamaged):
            seg.postings(seg.term_id("boat"))
    else:
        with pytest.raises(segments.SegmentDamaged):
            segments.load(path)


@dataclass
class _Chunk:
    id: str
    text: str
    embed_text: str
    metadata: dict[str, Any] = field(default_factory=dict)


@pytest.mark.parametrize(("embedded", "head"), [
    ("Silence is golden.", "="),
    ("On Silence\nSilence is golden.", "t"),
    ("talks/silence.txt\nSilence is golden.", "s"),
    ("On Sil\nSilence is golden.", "+On Sil\n"),  # a capped title
    ("On Silence. Silence is", "!On Silence. Silence is"),  # not ending with the text
])
def test_the_keyword_text_is_rebuilt_exactly_from_the_stored_chunk(embedded, head):
    meta = {"title": "On Silence", "source": "talks/silence.txt"}
    chunk = _Chunk("c1", "Silence is golden.", embedded, dict(meta))
    assert keyword_head(chunk) == head
    stored = Hit(id="c1", score=0.0, text=chunk.text, metadata={**meta, "kw_head": head})
    assert keyword_text(stored) == embedded
