# shellcheck shell=bash
# The Docker daemon for scripts/docker-smoke.sh (Debian's docker.io, plus docker-compose 1.29 and debootstrap for
# the images no registry may serve here). A daemon that answers is used as it is (systemd's, or one started
# before); otherwise dockerd is started in the background with its log and pid under .services/docker.
# Sourced by scripts/services.sh.

DOCKER_DIR=$STATE_DIR/docker
DOCKER_PIDFILE=$DOCKER_DIR/dockerd.pid
DOCKER_LOG=$DOCKER_DIR/dockerd.log

docker_packages() {
  command -v dockerd >/dev/null 2>&1 || echo docker.io
  command -v docker-compose >/dev/null 2>&1 || docker compose version >/dev/null 2>&1 || echo docker-compose
  command -v debootstrap >/dev/null 2>&1 || echo debootstrap
}

docker_answers() {
  timeout 10 docker info >/dev/null 2>&1
}

docker_up() {
  local start=$EPOCHREALTIME
  if docker_answers; then
    say "docker    already running   $(docker version --format '{{.Server.Version}}' 2>/dev/null)"
    return 0
  fi
  mkdir -p "$DOCKER_DIR"
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    systemctl start docker >"$DOCKER_LOG" 2>&1 || true
  fi
  if ! docker_answers; then
    # setsid: the daemon outlives this shell and its process group (as the Kafka broker does).
    # shellcheck disable=SC2016 # expanded by the inner bash
    setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' dockerd-start "$DOCKER_PIDFILE" \
      dockerd --pidfile "$DOCKER_DIR/dockerd.daemon.pid" >"$DOCKER_LOG" 2>&1 </dev/null &
  fi
  wait_until 60 "the Docker daemon" docker_answers || {
    show_log_tail "$DOCKER_LOG"
    die "docker: the daemon did not start"
  }
  say "docker    ready in $(elapsed_since "$start")   $(docker version --format '{{.Server.Version}}' 2>/dev/null)"
}

docker_down() {
  local pid
  if ! pid=$(live_pid "$DOCKER_PIDFILE"); then
    say "docker    not started here; left as it is"
    return 0
  fi
  kill -TERM "$pid"
  wait_for_exit "$pid" 60 || kill -KILL "$pid" 2>/dev/null || true
  rm -f "$DOCKER_PIDFILE"
  say "docker    stopped"
}

docker_status() {
  if docker_answers; then
    echo "docker    running   $(docker version --format '{{.Server.Version}}' 2>/dev/null)"
  else
    echo "docker    stopped"
    return 1
  fi
}

docker_env() {
  docker_answers && echo "TEST_DOCKER=$(command -v docker)"
}
