# shellcheck shell=bash
# Jaeger all-in-one (collector, in-memory store, query API), the tracing backend the end-to-end trace test reads
# and the compose `tracing` profile runs. No image registry is reachable, so it is built from source with Go from
# the Go module proxy (github.com/jaegertracing/jaeger, module version $JAEGER_VERSION): a first build takes several
# minutes on two cores; the binary is cached per version under $JAEGER_CACHE (outside the checkout, so every clone
# on the machine shares it). Its go.mod has replace directives, which `go install pkg@version` refuses, so the
# module is copied out of the module cache and built inside the copy. Go 1.21 or later builds it (it fetches the
# toolchain the module asks for from the proxy); without one (Debian 12's golang-go is 1.19) the Go toolchain
# itself is taken from the proxy (module golang.org/toolchain), once per version, into $JAEGER_CACHE.
#   up     builds the binary if missing, then starts one instance on non-default loopback ports:
#          OTLP/HTTP $JAEGER_OTLP_PORT (spans in), query API and UI $JAEGER_QUERY_PORT (traces out)
#   env    JAEGER_PATH, the binary: the trace tests start private instances on free ports.
# Sourced by scripts/services.sh.

JAEGER_VERSION=v1.75.0
JAEGER_CACHE=${JAEGER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/openmotion/jaeger}
JAEGER_BIN=$JAEGER_CACHE/$JAEGER_VERSION/jaeger-all-in-one
JAEGER_OTLP_PORT=14318
JAEGER_QUERY_PORT=16696
JAEGER_DIR=$STATE_DIR/jaeger
JAEGER_PIDFILE=$JAEGER_DIR/jaeger.pid
JAEGER_LOG=$JAEGER_DIR/jaeger.log

# The toolchain fetched when the machine has no Go 1.21+: the one Jaeger's go.mod names.
JAEGER_GO_VERSION=1.25.3

# A go command of version 1.21 or later on this machine, if any.
jaeger_installed_go() {
  local go minor
  for go in "$(command -v go 2>/dev/null)" /usr/local/go/bin/go; do
    [ -n "$go" ] && [ -x "$go" ] || continue
    minor=$("$go" env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
    [ -n "$minor" ] && [ "$minor" -ge 21 ] && { printf '%s' "$go"; return 0; }
  done
  return 1
}

jaeger_packages() {
  [ -x "$JAEGER_BIN" ] || jaeger_installed_go >/dev/null || command -v unzip >/dev/null 2>&1 || echo unzip
}

# The go command that builds Jaeger: the machine's, or the proxy's toolchain unpacked once under $JAEGER_CACHE.
jaeger_go() {
  local go arch dir zip url
  go=$(jaeger_installed_go) && { printf '%s' "$go"; return 0; }
  case $(uname -m) in x86_64) arch=amd64 ;; aarch64 | arm64) arch=arm64 ;; *) die "jaeger: no Go toolchain for $(uname -m)" ;; esac
  dir=$JAEGER_CACHE/go$JAEGER_GO_VERSION
  if [ ! -x "$dir/bin/go" ]; then
    url="${GOPROXY:-https://proxy.golang.org}"
    url="${url%%,*}/golang.org/toolchain/@v/v0.0.1-go$JAEGER_GO_VERSION.linux-$arch.zip"
    say "jaeger    no Go 1.21+ here: fetching go$JAEGER_GO_VERSION from $url"
    zip=$(mktemp --suffix=.zip)
    curl -fsSL --retry 3 -o "$zip" "$url" || { rm -f "$zip"; die "jaeger: could not download $url"; }
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    unzip -q "$zip" -d "$dir.tmp" || { rm -f "$zip"; die "jaeger: could not unpack $url"; }
    rm -f "$zip"
    # Moved in whole once unpacked, so an interrupted download never leaves a toolchain that looks complete.
    mv "$dir.tmp/golang.org/toolchain@v0.0.1-go$JAEGER_GO_VERSION.linux-$arch" "$dir" && rm -rf "$dir.tmp"
  fi
  printf '%s' "$dir/bin/go"
}

# The flags that move every listener of the all-in-one off its default port: $1 OTLP/HTTP, $2 query HTTP, and a
# base for the rest ($3: OTLP/gRPC, collector HTTP and gRPC, query gRPC, admin at $3..$3+4).
jaeger_flags() {
  local otlp=$1 query=$2 base=$3
  echo "--collector.otlp.http.host-port=127.0.0.1:$otlp --query.http-server.host-port=127.0.0.1:$query" \
    "--collector.otlp.grpc.host-port=127.0.0.1:$base --collector.http-server.host-port=127.0.0.1:$((base + 1))" \
    "--collector.grpc-server.host-port=127.0.0.1:$((base + 2)) --query.grpc-server.host-port=127.0.0.1:$((base + 3))" \
    "--admin.http.host-port=127.0.0.1:$((base + 4))"
}

jaeger_build() {
  [ -x "$JAEGER_BIN" ] && return 0
  local start=$EPOCHREALTIME module dir go log=$JAEGER_CACHE/build-$JAEGER_VERSION.log
  mkdir -p "$JAEGER_CACHE/$JAEGER_VERSION"
  go=$(jaeger_go)
  say "jaeger    building $JAEGER_VERSION from the Go module proxy (several minutes; log: $log)"
  module=$("$go" mod download -json "github.com/jaegertracing/jaeger@$JAEGER_VERSION" 2>>"$log" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p') ||
    die "jaeger: could not download the module (log: $log)"
  [ -n "$module" ] || die "jaeger: go mod download named no directory (log: $log)"
  dir=$(mktemp -d)
  cp -r "$module" "$dir/src" && chmod -R u+w "$dir/src"
  (cd "$dir/src" && nice -n 10 "$go" build -trimpath -o "$JAEGER_BIN.tmp" ./cmd/all-in-one) >>"$log" 2>&1 || {
    rm -rf "$dir"
    show_log_tail "$log"
    die "jaeger: go build failed"
  }
  rm -rf "$dir"
  mv "$JAEGER_BIN.tmp" "$JAEGER_BIN"
  say "jaeger    built in $(elapsed_since "$start")   $JAEGER_BIN"
}

jaeger_answers() {
  curl -fsS "http://127.0.0.1:$JAEGER_QUERY_PORT/api/services" >/dev/null 2>&1
}

jaeger_running() {
  live_pid "$JAEGER_PIDFILE" >/dev/null && jaeger_answers
}

jaeger_up() {
  local start=$EPOCHREALTIME
  if jaeger_running; then
    say "jaeger    already running   OTLP http://127.0.0.1:$JAEGER_OTLP_PORT, query http://127.0.0.1:$JAEGER_QUERY_PORT (pid $(live_pid "$JAEGER_PIDFILE"))"
    return 0
  fi
  jaeger_build
  ensure_port_free "$JAEGER_OTLP_PORT" jaeger
  ensure_port_free "$JAEGER_QUERY_PORT" jaeger
  mkdir -p "$JAEGER_DIR"
  # shellcheck disable=SC2046 # the flags are words without spaces
  SPAN_STORAGE_TYPE=memory nohup "$JAEGER_BIN" $(jaeger_flags "$JAEGER_OTLP_PORT" "$JAEGER_QUERY_PORT" 14330) >"$JAEGER_LOG" 2>&1 &
  echo $! >"$JAEGER_PIDFILE"
  wait_until 60 "jaeger on port $JAEGER_QUERY_PORT" jaeger_answers || {
    show_log_tail "$JAEGER_LOG"
    die "jaeger: not ready"
  }
  say "jaeger    ready in $(elapsed_since "$start")   OTLP http://127.0.0.1:$JAEGER_OTLP_PORT, query http://127.0.0.1:$JAEGER_QUERY_PORT (pid $(live_pid "$JAEGER_PIDFILE"))"
}

jaeger_down() {
  local pid
  if ! pid=$(live_pid "$JAEGER_PIDFILE"); then
    say "jaeger    not running"
    return 0
  fi
  kill "$pid" 2>/dev/null || true
  wait_for_exit "$pid" 15 || kill -KILL "$pid" 2>/dev/null || true
  rm -f "$JAEGER_PIDFILE"
  say "jaeger    stopped"
}

jaeger_status() {
  if jaeger_running; then
    echo "jaeger    running   OTLP http://127.0.0.1:$JAEGER_OTLP_PORT, query http://127.0.0.1:$JAEGER_QUERY_PORT (pid $(live_pid "$JAEGER_PIDFILE"))"
  else
    echo "jaeger    stopped"
    return 1
  fi
}

jaeger_env() {
  [ -x "$JAEGER_BIN" ] && echo "JAEGER_PATH=$JAEGER_BIN"
}
