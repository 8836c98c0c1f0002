#!/usr/bin/env bash
# Installs what building and running the image needs (podman, runc, debootstrap) from Debian's registry when missing.
# Fails with one clear sentence when they cannot be installed; never skips.
set -euo pipefail
need=()
command -v podman >/dev/null 2>&1 || need+=(podman)
command -v runc >/dev/null 2>&1 || need+=(runc)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
command -v newuidmap >/dev/null 2>&1 || need+=(uidmap)
if ((${#need[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "deploy/ensure_tools.sh: ${need[*]} missing and not root: install them (apt-get install -y ${need[*]})." >&2
    exit 1
  fi
  echo "deploy/ensure_tools.sh: installing ${need[*]} from Debian's package registry" >&2
  if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
         DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" fuse-overlayfs slirp4netns >/dev/null; }; then
    echo "deploy/ensure_tools.sh: could not install ${need[*]} with apt-get (see the errors above)." >&2
    exit 1
  fi
fi
for tool in podman runc debootstrap; do
  command -v "$tool" >/dev/null 2>&1 || { echo "deploy/ensure_tools.sh: $tool is still missing after apt-get." >&2; exit 1; }
done
