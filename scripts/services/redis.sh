# shellcheck shell=bash
# redis-server on 127.0.0.1:$REDIS_PORT, daemonized, no persistence (the test data is throwaway).
# Sourced by scripts/services.sh.

REDIS_PORT=16379
REDIS_DIR=$STATE_DIR/redis
REDIS_PIDFILE=$REDIS_DIR/redis.pid
REDIS_LOG=$REDIS_DIR/redis.log
REDIS_URL=redis://127.0.0.1:$REDIS_PORT

redis_packages() {
  command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1 || echo redis-server
}

redis_ping() {
  [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
}

redis_running() {
  live_pid "$REDIS_PIDFILE" >/dev/null && redis_ping
}

redis_up() {
  local start=$EPOCHREALTIME
  if redis_running; then
    say "redis     already running   $REDIS_URL (pid $(live_pid "$REDIS_PIDFILE"))"
    return 0
  fi
  ensure_port_free "$REDIS_PORT" redis
  mkdir -p "$REDIS_DIR"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes \
    --pidfile "$REDIS_PIDFILE" --logfile "$REDIS_LOG" --dir "$REDIS_DIR" \
    --save '' --appendonly no ||
    die "redis: redis-server failed to start (log: $REDIS_LOG)"
  wait_until 20 "redis on port $REDIS_PORT" redis_ping || {
    show_log_tail "$REDIS_LOG"
    die "redis: not ready"
  }
  say "redis     ready in $(elapsed_since "$start")   $REDIS_URL (pid $(live_pid "$REDIS_PIDFILE"))"
}

redis_down() {
  local pid
  if ! pid=$(live_pid "$REDIS_PIDFILE"); then
    say "redis     not running"
    return 0
  fi
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true
  wait_for_exit "$pid" 15 || kill -KILL "$pid" 2>/dev/null || true
  rm -f "$REDIS_PIDFILE"
  say "redis     stopped"
}

redis_status() {
  if redis_running; then
    echo "redis     running   $REDIS_URL (pid $(live_pid "$REDIS_PIDFILE"))"
  else
    echo "redis     stopped"
    return 1
  fi
}

redis_env() {
  redis_running && echo "TEST_REDIS_URL=$REDIS_URL"
}
