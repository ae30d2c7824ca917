#!/usr/bin/env bash
# docker-compose.yml under real Docker, as a new operator meets it (part of `./run test`):
#   1. the Docker daemon and Compose (scripts/services.sh docker: installed and started like Redis; fails if it cannot);
#   2. the images compose does not build — node:20-bookworm-slim, postgres:16-bookworm, redis:7-bookworm,
#      apache/kafka:3.9.1 — pulled, or where no registry answers built once as stand-ins (docker-smoke/stand-ins.sh);
#   3. `compose build` of motion-api, auth-server and webhook-relay (the root Dockerfile, as compose builds it; the
#      other app services run the same three images) and of seaweedfs (deploy/seaweedfs, with the weed binary
#      scripts/services/seaweedfs.sh built and cached copied into its context), and `compose up` with no .env, then
#      the story: secrets generated once; every service healthy; operator sign-in and JWKS; a text2motion job and a
#      render on motion-worker, every file of both downloaded through the pre-signed links of the object store
#      (published on localhost:8333) and checked (GLB header, FBX and BVH magic, PNG signature, MP4 by ffprobe where
#      installed); a relay tenant, endpoint and signed delivery to a receiver container; `restart` and `down`/`up`
#      keep secrets, jobs, files, sessions and a webhook accepted while the relay worker was stopped (delivered after
#      `up`); `--scale motion-worker=3` with three text2motion jobs and a render at once, every file checked, the
#      jobs run by at least two of the workers (their `job succeeded` log lines).
# Prometheus and Grafana are not started (their images are not built from anything here). The project is
# `openmotion-smoke`, its .env is its own (.services/docker-smoke/.env, empty at first), and `down -v` removes its
# containers and volumes at the end; the images stay, so the next run builds from cache.
# Bounded: every compose call and wait has its own timeout, and the whole run DOCKER_SMOKE_TIMEOUT seconds (default
# 1500); at the end (or at a failure) it prints how long each step took.
# usage: scripts/docker-smoke.sh   (KEEP=1 leaves the stack running after a failure, to look at it)
set -euo pipefail

DOCKER_SMOKE_TIMEOUT=${DOCKER_SMOKE_TIMEOUT:-1500}
if [ -z "${DOCKER_SMOKE_BOUNDED:-}" ]; then
  # timeout signals its whole process group; the inner timeouts run with --foreground so compose, node and docker
  # build stay in that group, stop at once, and the TERM trap below cleans up (down -v) within the -k grace.
  DOCKER_SMOKE_BOUNDED=1 timeout -k 200 "$DOCKER_SMOKE_TIMEOUT" bash "${BASH_SOURCE[0]}" "$@" && exit 0 || status=$?
  if ((status == 124 || status == 137)); then
    printf 'docker-smoke: FAILED: the whole run exceeded DOCKER_SMOKE_TIMEOUT=%ss\n' "$DOCKER_SMOKE_TIMEOUT" >&2
  fi
  exit "$status"
fi

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
# shellcheck source=services/seaweedfs.sh
. "$ROOT/scripts/services/seaweedfs.sh"

# The three images; compose's other services name the same images (docker-compose.yml `image:`) and reuse them.
APP_SERVICES=(motion-api auth-server webhook-relay)
SERVICES_UP=(init motion-api motion-worker auth-server webhook-relay webhook-relay-worker postgres redis kafka seaweedfs receiver)
WORKERS=3
START=$EPOCHREALTIME
REPORT=()
STEP_NAME=
STEP_START=$START
TIMES=()

# Closes the running step (its duration goes to the summary) and opens the next.
step() {
  [ -z "$STEP_NAME" ] || TIMES+=("$(elapsed_since "$STEP_START")	$STEP_NAME")
  STEP_NAME=$*
  STEP_START=$EPOCHREALTIME
  [ -z "$STEP_NAME" ] || say "== $* ($(elapsed_since "$START"))"
}

where_time_went() {
  step ""
  say "docker-smoke: time per step (total $(elapsed_since "$START")):"
  local line
  for line in "${TIMES[@]}"; do printf '  %8s  %s\n' "${line%%	*}" "${line#*	}" >&2; done
}
note() {
  REPORT+=("$*")
  say "   $*"
}

# Every compose call is bounded (COMPOSE_TIMEOUT seconds, 240 unless set for one call): a hung daemon fails the
# step that met it, naming the command.
compose() {
  local status=0
  (cd "$ROOT" && timeout --foreground "${COMPOSE_TIMEOUT:-240}" "${COMPOSE[@]}" -p "$PROJECT" --env-file "$SMOKE_DIR/.env" \
    -f docker-compose.yml -f scripts/docker-smoke/compose.smoke.yml "$@") || status=$?
  ((status != 124)) || say "docker-smoke: '${COMPOSE[*]} $*' did not finish within ${COMPOSE_TIMEOUT:-240}s"
  return "$status"
}

# Each story step bounds its own waits (story.mjs `until`); this bounds the step as a whole.
story() {
  local status=0
  SMOKE_STATE=$SMOKE_DIR/state.json timeout --foreground 600 node "$ROOT/scripts/docker-smoke/story.mjs" "$@" || status=$?
  ((status != 124)) || say "docker-smoke: story step '$1' did not finish within 600s"
  return "$status"
}

# The scaled story's jobs were spread over the workers: each ends with a `job succeeded` line on the worker that
# ran it (motion-api README, "Scaling out"). Four jobs are submitted within a moment and a worker runs at most
# WORKER_CONCURRENCY=2 at once: they take seconds each, so at least two workers run one.
workers_ran_the_jobs() {
  local rids jobs id count ran=0 total=0 per=()
  rids=$(node -e 'for (const rid of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).scaledRids) console.log(rid)' "$SMOKE_DIR/state.json")
  jobs=$(wc -l <<<"$rids")
  for id in $(compose ps -q motion-worker); do
    count=$(docker logs "$id" 2>&1 | grep -F '"msg":"job succeeded"' | grep -c -F "$rids" || true)
    per+=("$count")
    total=$((total + count))
    ((count == 0)) || ran=$((ran + 1))
  done
  ((total == jobs)) || die "docker-smoke: $total 'job succeeded' lines for the $jobs scaled jobs in the workers' logs"
  ((ran >= 2)) || die "docker-smoke: the scaled jobs ran on $ran worker(s) (${per[*]}), expected at least 2"
  note "the $total scaled jobs ran on $ran of the workers (jobs per worker: ${per[*]})"
}

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

# Every container of the project: running and healthy (or running, without a health check), init exited 0. One
# docker call per poll (not compose's): the poll runs while the apps start on the same two cores.
all_healthy() {
  local ids line bad=0
  ids=$(docker ps -aq --filter "label=com.docker.compose.project=$PROJECT")
  [ -n "$ids" ] || return 1
  while read -r line; do
    case "$line" in
      "init "*) [[ $line == *" exited "*" 0" ]] || bad=1 ;;
      *" running healthy "* | *" running none "*) ;;
      *) bad=1 ;;
    esac
  done < <(docker inspect --format '{{index .Config.Labels "com.docker.compose.service"}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}} {{.State.ExitCode}}' $ids)
  ((bad == 0))
}

poll_healthy() { all_healthy || { sleep 1; return 1; }; }

# wait_healthy WHAT [START]: START, the $EPOCHREALTIME before the `up` that began it (the report counts from there).
wait_healthy() {
  local what=$1 start=${2:-$EPOCHREALTIME}
  wait_until 300 "$what: every service healthy (docker-smoke waits 300s)" poll_healthy || {
    compose ps >&2
    return 1
  }
  note "$what: all services healthy $(elapsed_since "$start") after the compose command began"
}

ports_free() {
  local port
  for port in 8080 3000 8000 8333 18099; do
    ensure_port_free "$port" "docker-smoke (compose publishes it)"
  done
}

on_exit() {
  local status=$?
  trap - TERM
  where_time_went
  if ((status != 0)); then
    say "docker-smoke FAILED in step '${TIMES[-1]#*	}' after $(elapsed_since "$START"); the services' last log lines:"
    compose ps >&2 || true
    compose logs --no-color --tail 30 >&2 || true
    if [ -n "${KEEP:-}" ]; then
      say "KEEP is set: the stack stays up (${COMPOSE[*]} -p $PROJECT --env-file $SMOKE_DIR/.env ... down -v to remove it)"
      exit "$status"
    fi
  fi
  COMPOSE_TIMEOUT=150 compose down -v --remove-orphans >/dev/null 2>&1 || true
  exit "$status"
}

image_sizes() {
  local service id
  for service in "${APP_SERVICES[@]}"; do
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
  trap 'say "docker-smoke: stopped (TERM)"; exit 124' TERM
  ports_free

  step "base images"
  build_stand_ins

  step "compose build (the root Dockerfile)"
  local start=$EPOCHREALTIME
  COMPOSE_TIMEOUT=1200 compose build "${APP_SERVICES[@]}" >"$SMOKE_DIR/build.log" 2>&1 || {
    tail -n 40 "$SMOKE_DIR/build.log" >&2
    die "docker-smoke: compose build failed (log: $SMOKE_DIR/build.log)"
  }
  note "compose build ${APP_SERVICES[*]}: $(elapsed_since "$start")"
  start=$EPOCHREALTIME
  local weed=prebuilt
  # The cached weed into the image's context (copied when newer): the Dockerfile then skips its Go build.
  if [ -x "$SEAWEEDFS_BIN" ]; then cp -u "$SEAWEEDFS_BIN" "$ROOT/deploy/seaweedfs/weed"; else weed="built from the Go module proxy"; fi
  COMPOSE_TIMEOUT=1200 compose build seaweedfs >>"$SMOKE_DIR/build.log" 2>&1 || {
    tail -n 40 "$SMOKE_DIR/build.log" >&2
    die "docker-smoke: compose build seaweedfs failed (log: $SMOKE_DIR/build.log)"
  }
  note "compose build seaweedfs (weed $weed): $(elapsed_since "$start")"

  step "compose up, no .env"
  start=$EPOCHREALTIME
  compose up -d "${SERVICES_UP[@]}" >"$SMOKE_DIR/up.log" 2>&1 || {
    cat "$SMOKE_DIR/up.log" >&2
    die "docker-smoke: compose up failed"
  }
  wait_healthy "first up" "$start"
  image_sizes
  local init_log password
  init_log=$(compose logs --no-color init)
  grep -q 'openmotion init: generated 10 secret(s)' <<<"$init_log" || die "docker-smoke: init did not generate the secrets:\n$init_log"
  password=$(sed -n 's/.*password: \([^ ]*\).*/\1/p' <<<"$init_log" | tail -n 1)
  [ -n "$password" ] || die "docker-smoke: init printed no operator password"
  note "init generated 10 secrets and printed the operator sign-in"

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
  start=$EPOCHREALTIME
  compose restart >>"$SMOKE_DIR/up.log" 2>&1
  wait_healthy "restart" "$start"
  # Read whole, then searched: `grep -q` on the pipe would close it early and, under pipefail, fail the check.
  grep -q 'nothing generated' <<<"$(compose logs --no-color init)" || die "docker-smoke: init after restart did not keep the secrets"
  story persisted

  step "down/up with a webhook accepted while the relay worker is stopped"
  compose stop webhook-relay-worker >>"$SMOKE_DIR/up.log" 2>&1
  story accept
  compose down >>"$SMOKE_DIR/up.log" 2>&1
  start=$EPOCHREALTIME
  compose up -d "${SERVICES_UP[@]}" >>"$SMOKE_DIR/up.log" 2>&1
  wait_healthy "down/up" "$start"
  grep -q 'nothing generated' <<<"$(compose logs --no-color init)" || die "docker-smoke: init after down/up did not keep the secrets"
  story persisted
  story delivered

  step "--scale motion-worker=$WORKERS: jobs and a render at once, every file from the object store"
  compose up -d --no-recreate --scale "motion-worker=$WORKERS" "${SERVICES_UP[@]}" >>"$SMOKE_DIR/up.log" 2>&1
  wait_healthy "scale"
  local workers
  workers=$(compose ps -q motion-worker | wc -l)
  ((workers == WORKERS)) || die "docker-smoke: $workers motion-worker containers, expected $WORKERS"
  # No worker shares a disk with motion-api or another worker: only the secrets volume is mounted.
  local id mounts
  for id in $(compose ps -q motion-api) $(compose ps -q motion-worker); do
    mounts=$(docker inspect --format '{{range .Mounts}}{{.Destination}} {{end}}' "$id")
    [ "$mounts" = "/secrets " ] || die "docker-smoke: container $id mounts '$mounts', expected only /secrets"
  done
  note "$WORKERS motion-worker containers; motion-api and the workers mount only /secrets"
  story scaled
  workers_ran_the_jobs

  step ""
  say "docker-smoke passed in $(elapsed_since "$START"):"
  printf '  %s\n' "${REPORT[@]}" >&2
}

main "$@"
