#!/usr/bin/env bash
# docker-compose.yml under real Docker, as a new operator meets it (part of `./run test`):
#   1. the Docker daemon and Compose (scripts/services.sh docker: installed and started like Redis; fails if it cannot);
#   2. the images compose does not build — node:20-bookworm-slim, postgres:16-bookworm, redis:7-bookworm,
#      apache/kafka:3.9.1 — pulled, or where no registry answers built once as stand-ins (docker-smoke/stand-ins.sh);
#   3. `compose build` (the root Dockerfile, exactly as compose builds it) and `compose up` with no .env, then the
#      story: secrets generated once; every service healthy; operator sign-in and JWKS; a text2motion job and a
#      render on motion-worker with BVH/GLB/FBX/MP4 downloads; a relay tenant, endpoint and signed delivery to a
#      receiver container; `restart` and `down`/`up` keep secrets, jobs, sessions and a webhook accepted while the
#      relay worker was stopped (delivered after `up`); `--scale motion-worker=2`.
# Prometheus and Grafana are not started (their images are not built from anything here). The project is
# `openmotion-smoke`, its .env is its own (.services/docker-smoke/.env, empty at first), and `down -v` removes its
# containers and volumes at the end; the images stay, so the next run builds from cache.
# usage: scripts/docker-smoke.sh   (KEEP=1 leaves the stack running after a failure, to look at it)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STATE_DIR=$ROOT/.services
SMOKE_DIR=$STATE_DIR/docker-smoke
PROJECT=openmotion-smoke
# shellcheck source=services/common.sh
. "$ROOT/scripts/services/common.sh"
# shellcheck source=services/kafka.sh
. "$ROOT/scripts/services/kafka.sh"
# shellcheck source=docker-smoke/stand-ins.sh
. "$ROOT/scripts/docker-smoke/stand-ins.sh"

SERVICES_UP=(init motion-api motion-worker auth-server webhook-relay webhook-relay-worker postgres redis kafka receiver)
START=$EPOCHREALTIME
REPORT=()

step() { say "== $* ($(elapsed_since "$START"))"; }
note() {
  REPORT+=("$*")
  say "   $*"
}

compose() {
  (cd "$ROOT" && "${COMPOSE[@]}" -p "$PROJECT" --env-file "$SMOKE_DIR/.env" \
    -f docker-compose.yml -f scripts/docker-smoke/compose.smoke.yml "$@")
}

story() { SMOKE_STATE=$SMOKE_DIR/state.json node "$ROOT/scripts/docker-smoke/story.mjs" "$@"; }

pick_compose() {
  if docker compose version >/dev/null 2>&1; then
    COMPOSE=(docker compose)
  elif command -v docker-compose >/dev/null 2>&1; then
    COMPOSE=(docker-compose)
  else
    die "docker-smoke: neither 'docker compose' nor docker-compose is installed"
  fi
  note "compose: $("${COMPOSE[@]}" version --short 2>/dev/null || "${COMPOSE[@]}" version | head -n 1)"
}

# Every container of the project: running and healthy (or running, without a health check), init exited 0.
all_healthy() {
  local id line bad=0
  for id in $(compose ps -q); do
    line=$(docker inspect --format '{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}} {{.State.ExitCode}}' "$id")
    case "$line" in
      *_init_* | *-init-*) [[ $line == *" exited "*" 0" ]] || bad=1 ;;
      *" running healthy "* | *" running none "*) ;;
      *) bad=1 ;;
    esac
  done
  ((bad == 0))
}

wait_healthy() {
  local what=$1 start=$EPOCHREALTIME
  wait_until 300 "$what: every service healthy" all_healthy || {
    compose ps >&2
    return 1
  }
  note "$what: all services healthy in $(elapsed_since "$start")"
}

ports_free() {
  local port
  for port in 8080 3000 8000 18099; do
    ensure_port_free "$port" "docker-smoke (compose publishes it)"
  done
}

on_exit() {
  local status=$?
  if ((status != 0)); then
    say "docker-smoke FAILED after $(elapsed_since "$START"); the services' last log lines:"
    compose ps >&2 || true
    compose logs --no-color --tail 30 >&2 || true
    if [ -n "${KEEP:-}" ]; then
      say "KEEP is set: the stack stays up (${COMPOSE[*]} -p $PROJECT --env-file $SMOKE_DIR/.env ... down -v to remove it)"
      exit "$status"
    fi
  fi
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  exit "$status"
}

image_sizes() {
  local service id
  for service in motion-api auth-server webhook-relay; do
    id=$(docker inspect --format '{{.Image}}' "$(compose ps -q "$service" | head -n 1)")
    note "image $service: $(docker image inspect --format '{{.Size}}' "$id" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
  done
}

main() {
  step "Docker daemon and Compose"
  SERVICES=docker bash "$ROOT/scripts/services.sh" up
  pick_compose
  mkdir -p "$SMOKE_DIR"
  rm -f "$SMOKE_DIR/state.json"
  : >"$SMOKE_DIR/.env"
  # A previous run that was killed may have left its stack: start from nothing, as a new operator does.
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  trap on_exit EXIT
  ports_free

  step "base images"
  build_stand_ins

  step "compose build (the root Dockerfile)"
  local start=$EPOCHREALTIME
  compose build >"$SMOKE_DIR/build.log" 2>&1 || {
    tail -n 40 "$SMOKE_DIR/build.log" >&2
    die "docker-smoke: compose build failed (log: $SMOKE_DIR/build.log)"
  }
  note "compose build: $(elapsed_since "$start")"

  step "compose up, no .env"
  start=$EPOCHREALTIME
  compose up -d "${SERVICES_UP[@]}" >"$SMOKE_DIR/up.log" 2>&1 || {
    cat "$SMOKE_DIR/up.log" >&2
    die "docker-smoke: compose up failed"
  }
  wait_healthy "first up"
  image_sizes
  local init_log password
  init_log=$(compose logs --no-color init)
  grep -q 'openmotion init: generated 9 secret(s)' <<<"$init_log" || die "docker-smoke: init did not generate the secrets:\n$init_log"
  password=$(sed -n 's/.*password: \([^ ]*\).*/\1/p' <<<"$init_log" | tail -n 1)
  [ -n "$password" ] || die "docker-smoke: init printed no operator password"
  note "init generated 9 secrets and printed the operator sign-in"

  step "operator, motion job and render on the worker"
  story operator "$password"
  # motion-api runs as MOTION_ROLE=api (compose): only motion-worker takes jobs from the Redis queue.
  story motion

  step "relay: tenant, endpoint, signed delivery to the receiver container"
  echo RELAY_ALLOW_PRIVATE_DESTINATIONS=true >>"$SMOKE_DIR/.env"
  compose up -d webhook-relay webhook-relay-worker >>"$SMOKE_DIR/up.log" 2>&1
  wait_healthy "relay with private destinations"
  story relay

  step "restart: secrets, sessions, jobs kept"
  compose restart >>"$SMOKE_DIR/up.log" 2>&1
  wait_healthy "restart"
  compose logs --no-color init | grep -q 'nothing generated' || die "docker-smoke: init after restart did not keep the secrets"
  story persisted

  step "down/up with a webhook accepted while the relay worker is stopped"
  compose stop webhook-relay-worker >>"$SMOKE_DIR/up.log" 2>&1
  story accept
  compose down >>"$SMOKE_DIR/up.log" 2>&1
  start=$EPOCHREALTIME
  compose up -d "${SERVICES_UP[@]}" >>"$SMOKE_DIR/up.log" 2>&1
  wait_healthy "down/up"
  grep -q 'nothing generated' <<<"$(compose logs --no-color init)" || die "docker-smoke: init after down/up did not keep the secrets"
  story persisted
  story delivered

  step "--scale motion-worker=2"
  compose up -d --no-recreate --scale motion-worker=2 "${SERVICES_UP[@]}" >>"$SMOKE_DIR/up.log" 2>&1
  wait_healthy "scale"
  local workers
  workers=$(compose ps -q motion-worker | wc -l)
  ((workers == 2)) || die "docker-smoke: $workers motion-worker containers, expected 2"
  story scaled

  step "done"
  say "docker-smoke passed in $(elapsed_since "$START"):"
  printf '  %s\n' "${REPORT[@]}" >&2
}

main "$@"
