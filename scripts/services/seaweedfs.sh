# shellcheck shell=bash
# SeaweedFS (`weed server -s3`, Apache-2.0) as the S3 server of the tests, on 127.0.0.1:$SEAWEEDFS_S3_PORT with one
# access key. Built from the Go module proxy (no binary download is reachable here): the module's go.mod has replace
# directives, so `go install` refuses; the module is downloaded, copied and `go build ./weed` runs inside the copy
# (about 6 minutes on two cores), once per version under $SEAWEEDFS_CACHE. Sourced by scripts/services.sh.

SEAWEEDFS_VERSION=v0.0.0-20261109003541-7506e5f91cd6
SEAWEEDFS_CACHE=${SEAWEEDFS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/seaweedfs}
SEAWEEDFS_BIN=$SEAWEEDFS_CACHE/$SEAWEEDFS_VERSION/weed
# Non-default ports for every part of `weed server` (gRPC listens on each port + 10000).
SEAWEEDFS_S3_PORT=18333
SEAWEEDFS_MASTER_PORT=19333
SEAWEEDFS_VOLUME_PORT=18081
SEAWEEDFS_FILER_PORT=18888
SEAWEEDFS_ACCESS_KEY=openmotion-test
SEAWEEDFS_SECRET_KEY=openmotion-test-secret
SEAWEEDFS_DIR=$STATE_DIR/seaweedfs
SEAWEEDFS_PIDFILE=$SEAWEEDFS_DIR/weed.pid
SEAWEEDFS_LOG=$SEAWEEDFS_DIR/weed.log
SEAWEEDFS_ENDPOINT=http://127.0.0.1:$SEAWEEDFS_S3_PORT

seaweedfs_packages() {
  # Go itself: Debian's golang-go fetches the newer toolchain SeaweedFS asks for from the module proxy (GOTOOLCHAIN=auto).
  [ -x "$SEAWEEDFS_BIN" ] || command -v go >/dev/null 2>&1 || echo golang-go
  command -v curl >/dev/null 2>&1 || echo curl
}

seaweedfs_build() {
  [ -x "$SEAWEEDFS_BIN" ] && return 0
  local start=$EPOCHREALTIME out=$SEAWEEDFS_CACHE/$SEAWEEDFS_VERSION dir
  mkdir -p "$out" "$SEAWEEDFS_DIR"
  say "seaweedfs building $SEAWEEDFS_VERSION (several minutes, once per version; log: $SEAWEEDFS_DIR/build.log)"
  {
    dir=$(cd "$out" && GOFLAGS=-mod=mod go mod download -json "github.com/seaweedfs/seaweedfs@$SEAWEEDFS_VERSION" |
      sed -n 's/.*"Dir": "\(.*\)".*/\1/p') &&
      [ -n "$dir" ] &&
      rm -rf "$out/src" && cp -r "$dir" "$out/src" && chmod -R u+w "$out/src" &&
      (cd "$out/src" && GOFLAGS=-mod=mod go build -trimpath -ldflags='-s -w' -o "$out/weed.tmp" ./weed) &&
      mv "$out/weed.tmp" "$SEAWEEDFS_BIN" && rm -rf "$out/src"
  } >"$SEAWEEDFS_DIR/build.log" 2>&1 || {
    show_log_tail "$SEAWEEDFS_DIR/build.log"
    die "seaweedfs: building weed $SEAWEEDFS_VERSION failed"
  }
  say "seaweedfs built in $(elapsed_since "$start")   $SEAWEEDFS_BIN"
}

seaweedfs_write_config() {
  cat >"$SEAWEEDFS_DIR/s3.json" <<JSON
{ "identities": [ { "name": "openmotion-test",
  "credentials": [ { "accessKey": "$SEAWEEDFS_ACCESS_KEY", "secretKey": "$SEAWEEDFS_SECRET_KEY" } ],
  "actions": ["Admin", "Read", "List", "Tagging", "Write"] } ] }
JSON
}

# Any HTTP answer from the S3 port (an anonymous request is refused with 403 once the gateway is up).
seaweedfs_answers() {
  [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$SEAWEEDFS_ENDPOINT/")" != 000 ]
}

seaweedfs_running() {
  live_pid "$SEAWEEDFS_PIDFILE" >/dev/null && seaweedfs_answers
}

seaweedfs_up() {
  local start=$EPOCHREALTIME
  if seaweedfs_running; then
    say "seaweedfs already running   $SEAWEEDFS_ENDPOINT (pid $(live_pid "$SEAWEEDFS_PIDFILE"))"
    return 0
  fi
  seaweedfs_build
  ensure_port_free "$SEAWEEDFS_S3_PORT" seaweedfs
  # Test data only: each start is empty. Every bucket is a collection of its own volumes, so the buckets of
  # earlier runs would otherwise use up the volume slots.
  rm -rf "$SEAWEEDFS_DIR/data"
  mkdir -p "$SEAWEEDFS_DIR/data"
  seaweedfs_write_config
  # setsid: the server outlives this shell; small volumes (64 MB) as test files are small, and as many volume slots
  # as the free disk holds (-volume.max=0): each new bucket takes several.
  setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' weed-start "$SEAWEEDFS_PIDFILE" \
    "$SEAWEEDFS_BIN" server -ip=127.0.0.1 -ip.bind=127.0.0.1 -dir="$SEAWEEDFS_DIR/data" \
    -master.port="$SEAWEEDFS_MASTER_PORT" -master.volumeSizeLimitMB=64 \
    -volume.port="$SEAWEEDFS_VOLUME_PORT" -volume.max=0 \
    -filer -filer.port="$SEAWEEDFS_FILER_PORT" \
    -s3 -s3.port="$SEAWEEDFS_S3_PORT" -s3.config="$SEAWEEDFS_DIR/s3.json" >"$SEAWEEDFS_LOG" 2>&1 </dev/null &
  wait_until 5 "seaweedfs pid file" test -s "$SEAWEEDFS_PIDFILE" || die "seaweedfs: weed did not start"
  wait_until 90 "seaweedfs S3 on port $SEAWEEDFS_S3_PORT" seaweedfs_answers || {
    show_log_tail "$SEAWEEDFS_LOG"
    die "seaweedfs: not ready"
  }
  say "seaweedfs ready in $(elapsed_since "$start")   $SEAWEEDFS_ENDPOINT (pid $(live_pid "$SEAWEEDFS_PIDFILE"))"
}

seaweedfs_down() {
  local pid
  if ! pid=$(live_pid "$SEAWEEDFS_PIDFILE"); then
    say "seaweedfs not running"
    return 0
  fi
  kill "$pid" 2>/dev/null || true
  wait_for_exit "$pid" 15 || kill -KILL "$pid" 2>/dev/null || true
  rm -f "$SEAWEEDFS_PIDFILE"
  say "seaweedfs stopped"
}

seaweedfs_status() {
  if seaweedfs_running; then
    echo "seaweedfs running   $SEAWEEDFS_ENDPOINT (pid $(live_pid "$SEAWEEDFS_PIDFILE"))"
  else
    echo "seaweedfs stopped"
    return 1
  fi
}

# The endpoint with its access key and secret as user info; WEED_PATH lets a fault drill start a private server.
seaweedfs_env() {
  seaweedfs_running || return 1
  echo "TEST_S3_URL=http://$SEAWEEDFS_ACCESS_KEY:$SEAWEEDFS_SECRET_KEY@127.0.0.1:$SEAWEEDFS_S3_PORT"
  echo "WEED_PATH=$SEAWEEDFS_BIN"
}
