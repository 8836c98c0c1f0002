# Sourced by deploy/*.sh: podman with the project's containers.conf (runc, lower ulimits) unless the caller chose one.
DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$DEPLOY_DIR/containers.conf}"
