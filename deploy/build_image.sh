#!/usr/bin/env bash
# Builds the rag-bot image with podman (runc) on a machine without an image registry:
#   1. installs podman, runc and debootstrap from Debian's registry when missing (deploy/ensure_tools.sh);
#   2. makes and imports the Debian base image with debootstrap unless it is already imported (deploy/build_base.sh);
#   3. builds the Containerfile with pip reaching its registries the way this host's pip does (index URLs, local
#      wheel folders mounted read-only, the CA bundle as a build secret): nothing of that is baked into the image.
# Idempotent and cached: a second run reuses the base and every unchanged layer.
#   deploy/build_image.sh [IMAGE]       env: RAG_BOT_IMAGE (rag-bot:latest), RAG_BOT_BASE_IMAGE (rag-bot-base:bookworm)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
IMAGE="${1:-${RAG_BOT_IMAGE:-rag-bot:latest}}"
BASE="${RAG_BOT_BASE_IMAGE:-rag-bot-base:bookworm}"
"$ROOT/deploy/ensure_tools.sh"
source "$ROOT/deploy/podman_env.sh"
"$ROOT/deploy/build_base.sh" "$BASE"

host_pip() {  # NAME: the host pip's setting (PIP_NAME in the environment first, then `pip config`)
  local var="PIP_${1^^}"
  var="${var//-/_}"
  if [[ -n "${!var:-}" ]]; then printf '%s\n' "${!var}"; return; fi
  python3 -m pip config get "global.$1" 2>/dev/null || true
}
requirements="$(python3 -c 'import sys, tomllib; print("\n".join(tomllib.load(open(sys.argv[1], "rb"))["project"]["dependencies"]))' "$ROOT/pyproject.toml")"
args=(--network=host --pull=never --build-arg "BASE_IMAGE=localhost/${BASE#localhost/}"
      --build-arg "REQUIREMENTS=$requirements")
declare -A mounted=()
for name in index-url extra-index-url find-links trusted-host; do
  value="$(host_pip "$name" | tr '\n' ' ' | xargs)"
  [[ -n "$value" ]] || continue
  var="PIP_${name^^}"
  args+=(--build-arg "${var//-/_}=$value")
  for item in $value; do  # local indexes and wheel folders: visible to the build, read-only, not copied in
    path="${item#file://}"
    path="${path%/}"
    [[ "$(basename "$path")" == simple ]] && path="$(dirname "$path")"  # a PEP 503 tree links to ../files
    if [[ "$path" == /* && -e "$path" && -z "${mounted[$path]:-}" ]]; then
      mounted[$path]=1
      args+=(--volume "$path:$path:ro")
    fi
  done
done
cert="$(host_pip cert)"
if [[ -n "$cert" && -s "$cert" ]]; then
  args+=(--secret "id=ca_bundle,src=$cert")  # a TLS-intercepting proxy's CA: build time only
fi
echo "building $IMAGE from $BASE"
podman build "${args[@]}" -t "$IMAGE" -f "$ROOT/Containerfile" "$ROOT"
echo "image $IMAGE: $(podman image inspect --format '{{.Size}}' "$IMAGE") bytes"
