#!/usr/bin/env bash
# Test services for the integration suites, on loopback and non-default ports so nothing clashes:
#   redis     redis://127.0.0.1:16379          (redis-server, no persistence)
#   postgres  postgres://openmotion:openmotion@127.0.0.1:15432/openmotion_test
#   kafka     127.0.0.1:19092                  (Apache Kafka 3.9 KRaft, jars from Maven Central)
#   ffmpeg    the installed binary
#   chromium  the installed browser (Debian's package), for the browser tests
#   schemathesis  API fuzzer (PyPI, pinned) in a virtualenv under .services/schemathesis
#   seaweedfs http://127.0.0.1:18333            (S3 server, `weed` built once per version from the Go module proxy)
#   docker    the Docker daemon (Debian's docker.io) and docker-compose, for scripts/docker-smoke.sh
#   helm, kubeapi  Helm 4 and the Kubernetes OpenAPI documents (Go module proxy), to check deploy/helm without a cluster
#   jaeger    Jaeger all-in-one built with Go (first build: minutes), OTLP/HTTP 127.0.0.1:14318, query 127.0.0.1:16696
#
# usage: scripts/services.sh up|down|status|env, or stop|start <service>
#   up      install what is missing (apt, Maven), start what is not running, wait until each answers
#   down    stop what this script started
#   stop <service> / start <service>   one service only (a fault drill by hand: restart Redis under a running app);
#           the fault tests start private instances instead, as other suites may be using these
#   status  one line per service; exit status 1 when any is not running
#   env     `export ...` lines for the running services: eval "$(scripts/services.sh env)"
# SERVICES=redis,postgres,kafka,ffmpeg,chromium,schemathesis,seaweedfs,docker picks a subset (default: all). State lives in <repo>/.services.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail
# The services outlive the run that starts them, so none may keep a run's temporary directory: `./run test` removes
# its TMPDIR at exit, and a Docker daemon started with it could then exec no health check (every container unhealthy).
unset TMPDIR

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(git -C "$SCRIPT_DIR" rev-parse --show-toplevel 2>/dev/null || dirname "$SCRIPT_DIR")
STATE_DIR=$ROOT/.services
ALL_SERVICES=(redis postgres kafka ffmpeg chromium schemathesis seaweedfs helm kubeapi jaeger)
# Not started by default: docker, for scripts/docker-smoke.sh, which starts it itself (SERVICES=docker).
OPTIONAL_SERVICES=(docker)

# shellcheck source=services/common.sh
. "$SCRIPT_DIR/services/common.sh"
# shellcheck source=services/redis.sh
. "$SCRIPT_DIR/services/redis.sh"
# shellcheck source=services/postgres.sh
. "$SCRIPT_DIR/services/postgres.sh"
# shellcheck source=services/kafka.sh
. "$SCRIPT_DIR/services/kafka.sh"
# shellcheck source=services/ffmpeg.sh
. "$SCRIPT_DIR/services/ffmpeg.sh"
# shellcheck source=services/chromium.sh
. "$SCRIPT_DIR/services/chromium.sh"
# shellcheck source=services/schemathesis.sh
. "$SCRIPT_DIR/services/schemathesis.sh"
# shellcheck source=services/seaweedfs.sh
. "$SCRIPT_DIR/services/seaweedfs.sh"
# shellcheck source=services/docker.sh
. "$SCRIPT_DIR/services/docker.sh"
# shellcheck source=services/helm.sh
. "$SCRIPT_DIR/services/helm.sh"
# shellcheck source=services/jaeger.sh
. "$SCRIPT_DIR/services/jaeger.sh"

selected_services() {
  local name known known_name
  IFS=',' read -r -a SELECTED <<<"${SERVICES:-$(
    IFS=,
    echo "${ALL_SERVICES[*]}"
  )}"
  for name in "${SELECTED[@]}"; do
    known=0
    for known_name in "${ALL_SERVICES[@]}" "${OPTIONAL_SERVICES[@]}"; do [ "$name" = "$known_name" ] && known=1; done
    ((known)) || die "unknown service '$name' in SERVICES (known: ${ALL_SERVICES[*]})"
  done
}

install_missing() {
  local name missing=()
  for name in "${SELECTED[@]}"; do
    # shellcheck disable=SC2207 # package names never contain spaces
    missing+=($("${name}_packages"))
  done
  install_packages "${missing[@]}"
}

cmd_up() {
  local start=$EPOCHREALTIME name
  install_missing
  for name in "${SELECTED[@]}"; do "${name}_up"; done
  say "services up in $(elapsed_since "$start"); use them with: eval \"\$(bash scripts/services.sh env)\""
}

cmd_down() {
  local index
  # Reverse order: the consumers of a service never outlive it.
  for ((index = ${#SELECTED[@]} - 1; index >= 0; index--)); do "${SELECTED[index]}_down"; done
}

cmd_status() {
  local name failed=0
  for name in "${SELECTED[@]}"; do "${name}_status" || failed=1; done
  return "$failed"
}

cmd_env() {
  local name line lines assignments=()
  for name in "${SELECTED[@]}"; do
    # One NAME=value per line (a service may announce more than one).
    if lines=$("${name}_env"); then
      while IFS= read -r line; do assignments+=("${line%%=*}=$(printf '%q' "${line#*=}")"); done <<<"$lines"
    else
      echo "# $name is not available: bash scripts/services.sh up"
    fi
  done
  ((${#assignments[@]} == 0)) || echo "export ${assignments[*]}"
}

# One named service, whatever SERVICES says: start waits until it answers, as up does.
one_service() {
  local name=${1:-} known_name
  [ -n "$name" ] || die "usage: scripts/services.sh stop|start <service>   (one of: ${ALL_SERVICES[*]})"
  for known_name in "${ALL_SERVICES[@]}" "${OPTIONAL_SERVICES[@]}"; do
    if [ "$name" = "$known_name" ]; then
      SELECTED=("$name")
      return 0
    fi
  done
  die "unknown service '$name' (known: ${ALL_SERVICES[*]})"
}

main() {
  case "${1:-}" in
    stop | start) one_service "${2:-}" ;;
    *) selected_services ;;
  esac
  case "${1:-}" in
    up | start) cmd_up ;;
    down | stop) cmd_down ;;
    status) cmd_status ;;
    env) cmd_env ;;
    *)
      say "usage: scripts/services.sh up|down|status|env   (SERVICES=redis,postgres,kafka,ffmpeg,chromium,schemathesis,docker for a subset)"
      say "       scripts/services.sh stop|start <service>"
      exit 2
      ;;
  esac
}

main "$@"
