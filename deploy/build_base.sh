#!/usr/bin/env bash
# Makes the Debian base image (default rag-bot-base:bookworm) with debootstrap and imports it into podman; does
# nothing when the image is already there (idempotent). Needs root (debootstrap).
#   deploy/build_base.sh [IMAGE]     env: DEBIAN_SUITE (bookworm), DEBIAN_MIRROR (from /etc/apt/sources.list*)
set -euo pipefail
source "$(dirname "$0")/podman_env.sh"
BASE="${1:-${RAG_BOT_BASE_IMAGE:-rag-bot-base:bookworm}}"
SUITE="${DEBIAN_SUITE:-bookworm}"
if podman image exists "$BASE"; then
  echo "base image $BASE: already imported"
  exit 0
fi
mirror_of_host() {  # the first Debian mirror apt uses here (one-line or deb822 sources)
  { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } |
    grep -Eo 'https?://[^ ]+/debian/?( |$)' | head -n1 | tr -d ' ' || true
}
MIRROR="${DEBIAN_MIRROR:-$(mirror_of_host)}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
ROOTFS="$(mktemp -d /var/tmp/rag-bot-base.XXXXXX)"
trap 'rm -rf "$ROOTFS"' EXIT
echo "base image $BASE: debootstrap --variant=minbase $SUITE from $MIRROR"
debootstrap --variant=minbase "$SUITE" "$ROOTFS" "$MIRROR" >"$ROOTFS.log" 2>&1 || {
  tail -n 20 "$ROOTFS.log" >&2
  echo "deploy/build_base.sh: debootstrap of $SUITE from $MIRROR failed (log above)." >&2
  exit 1
}
rm -f "$ROOTFS.log"
# Slim: no documentation, manual pages or translations (now, and for every package apt adds later), no package
# lists or caches (the image build fetches fresh lists).
cat >"$ROOTFS/etc/dpkg/dpkg.cfg.d/rag-bot-slim" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
CFG
find "$ROOTFS/usr/share/doc" -mindepth 2 -not -name copyright -not -type d -delete
rm -rf "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/usr/share/locale/* "$ROOTFS"/usr/share/lintian/*
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/var/cache/apt/archives/*.deb \
       "$ROOTFS"/var/log/*.log
tar --numeric-owner -C "$ROOTFS" -c . | podman import --change 'CMD ["/bin/bash"]' - "$BASE" >/dev/null
echo "base image $BASE: imported ($(podman image inspect --format '{{.Size}}' "$BASE") bytes)"
