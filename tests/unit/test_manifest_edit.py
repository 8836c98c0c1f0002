"""The writer's manifest (rag_bot/index/manifest_edit.py): only the changed file records are parsed and written; the
kept ones are copied as saved. The result is the same bytes and the same readers' map as a whole save of the same
records (real files, no Chroma)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from rag_bot.index import committed, manifest, manifest_edit, mapped
from rag_bot.index.manifest import FileRecord, Manifest
from rag_bot.index.manifest_edit import RecordFiles


def _record(i: int, chunks: int = 3, tag: str = "") -> FileRecord:
    ids = [f"c{i}{tag}-{j}" for j in range(chunks)]
    half = chunks // 2
    return FileRecord(f"h{i}{tag}", ids, source=f"{i}.txt", size=i, root="/c", chunking="v1/140/title",
                      documents=[{"doc_id": f"{i}.txt#0", "title": f"T{i} ä नदी", "date": f"1970-01-{i % 28 + 1:02d}",
                                  "language": "en", "chunks": half},
                                 {"doc_id": f"{i}.txt#1", "title": "", "date": None, "language": "hi",
                                  "chunks": chunks - half}])


def _map_arrays(path) -> dict[str, np.ndarray]:
    f = mapped.MappedFile(path, committed.MAGIC, committed.MapDamaged, "map")
    return {name: np.asarray(f.array(name)) for name in f.names()}, f.meta


@pytest.mark.parametrize("model", ["m", "another model"])
def test_changed_records_are_spliced_into_the_same_bytes_and_map_as_a_whole_save(tmp_path, monkeypatch, model):
    files = {f"/c/{i:03d}.txt": _record(i) for i in range(0, 60, 2)}
    path = tmp_path / "manifest.json"
    committed.save_manifest(Manifest(embedding_model="m", files=dict(files)), path)
    parsed = []
    monkeypatch.setattr(manifest, "read_manifest", lambda p: pytest.fail("the whole manifest was parsed"))
    loads = manifest_edit.orjson.loads
    monkeypatch.setattr(manifest_edit.orjson, "loads", lambda data: parsed.append(1) or loads(data))
    writer = committed.open_for_writing(path)
    assert isinstance(writer.files, RecordFiles) and parsed == []
    assert writer.files["/c/010.txt"] == files["/c/010.txt"] and "/c/011.txt" not in writer.files
    expected = copy.deepcopy(files)
    for runs in range(2):  # a second save stands on the first (spliced from spliced bytes)
        changes = {f"/c/{10 + runs:03d}.txt": _record(10 + runs, 5, "new"),  # replaced / added in the middle
                   f"/c/{runs:03d}.txt": None,  # the first record removed (then a record that is not there)
                   f"/c/{99 - runs}.txt": _record(99 - runs, 2),  # added at the end, a longer key
                   f"/c/{58 - 2 * runs:03d}.txt": None}  # the last record removed
        for key, rec in changes.items():
            if rec is None:
                writer.files.pop(key, None)
                expected.pop(key, None)
            else:
                writer.files[key] = rec
                expected[key] = rec
        writer.embedding_model = model
        parsed.clear()
        committed.save_manifest(writer, path)
        assert len(parsed) <= len(changes)  # only changed records were read back (to drop their ids)
        got_bytes, (got_arrays, got_meta) = path.read_bytes(), _map_arrays(tmp_path / "manifest.map")
        whole = tmp_path / "whole"
        whole.mkdir(exist_ok=True)
        monkeypatch.undo()
        committed.save_manifest(Manifest(embedding_model=model, files=copy.deepcopy(expected)), whole / "manifest.json")
        monkeypatch.setattr(manifest, "read_manifest", lambda p: pytest.fail("the whole manifest was parsed"))
        monkeypatch.setattr(manifest_edit.orjson, "loads", lambda data: parsed.append(1) or loads(data))
        assert got_bytes == (whole / "manifest.json").read_bytes()
        want_arrays, want_meta = _map_arrays(whole / "manifest.map")
        assert got_meta == want_meta and set(got_arrays) == set(want_arrays)
        for name, arr in want_arrays.items():
            assert np.array_equal(got_arrays[name], arr), name
        assert sorted(writer.files) == sorted(expected)
        assert all(writer.files[k] == v for k, v in expected.items())
    again = committed.open_for_writing(path)  # the next writer reads the records through the new spans
    assert {k: again.files[k] for k in again.files} == expected


def test_a_manifest_without_spans_is_parsed_whole_and_its_first_save_writes_them(tmp_path):
    files = {f"/c/{i}.txt": _record(i) for i in range(5)}
    path = tmp_path / "manifest.json"
    Manifest(embedding_model="m", files=files).save(path)  # no map: an index saved before maps existed
    writer = committed.open_for_writing(path)
    assert isinstance(writer.files, dict)
    writer.files["/c/9.txt"] = _record(9)
    committed.save_manifest(writer, path)
    assert isinstance(writer.files, RecordFiles)  # stands on the save: the next save splices
    again = committed.open_for_writing(path)
    assert isinstance(again.files, RecordFiles) and sorted(again.files) == sorted([*files, "/c/9.txt"])


def test_a_document_id_in_two_files_falls_back_to_a_whole_save(tmp_path):
    files = {f"/c/{i}.txt": _record(i) for i in range(4)}
    path = tmp_path / "manifest.json"
    committed.save_manifest(Manifest(embedding_model="m", files=files), path)
    writer = committed.open_for_writing(path)
    twin = _record(1, tag="twin")  # the documents of 1.txt again, under another key
    writer.files["/c/twin.txt"] = twin
    committed.save_manifest(writer, path)
    whole = tmp_path / "whole"
    whole.mkdir()
    committed.save_manifest(Manifest(embedding_model="m", files={**files, "/c/twin.txt": twin}),
                            whole / "manifest.json")
    got, want = _map_arrays(tmp_path / "manifest.map"), _map_arrays(whole / "manifest.map")
    assert all(np.array_equal(got[0][n], want[0][n]) for n in want[0]) and got[1] == want[1]
    writer.files["/c/twin.txt"] = _record(7)  # the twin changes: the other file's documents win the map again
    committed.save_manifest(writer, path)
    committed.save_manifest(Manifest(embedding_model="m", files={**files, "/c/twin.txt": _record(7)}),
                            whole / "manifest.json")
    got, want = _map_arrays(tmp_path / "manifest.map"), _map_arrays(whole / "manifest.map")
    assert all(np.array_equal(got[0][n], want[0][n]) for n in want[0]) and got[1] == want[1]
    assert path.read_bytes() == (whole / "manifest.json").read_bytes()
