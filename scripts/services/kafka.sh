# shellcheck shell=bash
# Single-node Apache Kafka 3.9 in KRaft mode (broker and controller in one JVM) on 127.0.0.1:$KAFKA_PORT,
# from jars Maven fetches into tools/kafka/target/lib. Sourced by scripts/services.sh.

KAFKA_PORT=19092
KAFKA_CONTROLLER_PORT=19093
KAFKA_BROKER=127.0.0.1:$KAFKA_PORT
KAFKA_TOOL_DIR=$ROOT/tools/kafka
KAFKA_LIB=$KAFKA_TOOL_DIR/target/lib
KAFKA_DIR=$STATE_DIR/kafka
KAFKA_DATA=$KAFKA_DIR/data
KAFKA_PROPS=$KAFKA_DIR/server.properties
KAFKA_PIDFILE=$KAFKA_DIR/kafka.pid
KAFKA_LOG=$KAFKA_DIR/kafka.log
# The machine running the tests is small (2 cores): a capped heap, and C1 only for the short-lived tools.
KAFKA_HEAP_OPTS=(-Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError)
KAFKA_TOOL_OPTS=(-Xmx128m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC)

kafka_packages() {
  command -v java >/dev/null 2>&1 || echo default-jre-headless
  command -v mvn >/dev/null 2>&1 || echo maven
}

kafka_java() {
  java -Djava.awt.headless=true -Dlog4j.configuration="file:$KAFKA_TOOL_DIR/log4j.properties" \
    -cp "$KAFKA_LIB/*" "$@"
}

# Jars are fetched once per pom.xml: a stamp with the pom's hash says target/lib is complete and current.
kafka_fetch_jars() {
  local stamp=$KAFKA_LIB/.pom.sha256 want
  want=$(sha256sum "$KAFKA_TOOL_DIR/pom.xml" | cut -d ' ' -f 1)
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
  local start=$EPOCHREALTIME
  mkdir -p "$KAFKA_DIR"
  rm -rf "$KAFKA_LIB"
  (cd "$KAFKA_TOOL_DIR" && mvn -B -q -Dstyle.color=never dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory=target/lib) >"$KAFKA_DIR/maven.log" 2>&1 || {
    show_log_tail "$KAFKA_DIR/maven.log"
    die "kafka: mvn dependency:copy-dependencies failed in $KAFKA_TOOL_DIR"
  }
  echo "$want" >"$stamp"
  say "kafka     jars fetched in $(elapsed_since "$start")   $KAFKA_LIB ($(find "$KAFKA_LIB" -name '*.jar' | wc -l) jars)"
}

kafka_write_properties() {
  cat >"$KAFKA_PROPS" <<PROPS
# written by scripts/services.sh on every start
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$KAFKA_DATA
auto.create.topics.enable=true
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
# Tests start consumer groups constantly; the default 3 s join delay would only slow them down.
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=4
num.recovery.threads.per.data.dir=1
log.retention.hours=24
PROPS
}

# Formatting writes meta.properties with a cluster id; it happens once per data directory.
kafka_format_storage() {
  [ -f "$KAFKA_DATA/meta.properties" ] && return 0
  local cluster_id
  cluster_id=$(kafka_java "${KAFKA_TOOL_OPTS[@]}" kafka.tools.StorageTool random-uuid 2>>"$KAFKA_DIR/format.log" |
    grep -E '^[A-Za-z0-9_-]{22}$' | tail -n 1)
  [ -n "$cluster_id" ] || die "kafka: StorageTool random-uuid gave nothing (see $KAFKA_DIR/format.log)"
  kafka_java "${KAFKA_TOOL_OPTS[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$KAFKA_PROPS" \
    >>"$KAFKA_DIR/format.log" 2>&1 || {
    show_log_tail "$KAFKA_DIR/format.log"
    die "kafka: storage format failed"
  }
}

kafka_pid() {
  local pid
  pid=$(live_pid "$KAFKA_PIDFILE") || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'kafka\.Kafka' || return 1
  printf '%s' "$pid"
}

kafka_running() {
  kafka_pid >/dev/null && port_open "$KAFKA_PORT"
}

# Ready means a client round trip works (metadata plus ApiVersions), not merely an open port.
kafka_answers() {
  port_open "$KAFKA_PORT" &&
    kafka_java "${KAFKA_TOOL_OPTS[@]}" kafka.admin.BrokerApiVersionsCommand --bootstrap-server "$KAFKA_BROKER" \
      2>/dev/null | grep -q "^$KAFKA_BROKER"
}

kafka_wait_ready() {
  local deadline=$((SECONDS + 120))
  until kafka_answers; do
    kafka_pid >/dev/null || {
      show_log_tail "$KAFKA_LOG"
      die "kafka: the broker exited during start-up"
    }
    ((SECONDS < deadline)) || {
      show_log_tail "$KAFKA_LOG"
      die "kafka: $KAFKA_BROKER did not answer within 120s"
    }
    sleep 0.5
  done
}

kafka_up() {
  local start=$EPOCHREALTIME
  if kafka_running; then
    say "kafka     already running   $KAFKA_BROKER (pid $(kafka_pid))"
    return 0
  fi
  # A broker another `up` started is still loading its logs: wait for it instead of starting a second JVM
  # that would die on the data directory lock.
  if kafka_pid >/dev/null; then
    kafka_wait_ready
    say "kafka     ready in $(elapsed_since "$start")   $KAFKA_BROKER (pid $(kafka_pid), started elsewhere)"
    return 0
  fi
  ensure_port_free "$KAFKA_PORT" kafka
  ensure_port_free "$KAFKA_CONTROLLER_PORT" "kafka controller"
  kafka_fetch_jars
  start=$EPOCHREALTIME
  mkdir -p "$KAFKA_DIR"
  kafka_write_properties
  kafka_format_storage
  # setsid: the broker outlives this shell and its process group; the pid file is written by the process
  # that becomes the JVM, so it names the broker even if setsid had to fork.
  # shellcheck disable=SC2016 # expanded by the inner bash
  setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' kafka-start "$KAFKA_PIDFILE" \
    java "${KAFKA_HEAP_OPTS[@]}" -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$KAFKA_TOOL_DIR/log4j.properties" \
    -cp "$KAFKA_LIB/*" kafka.Kafka "$KAFKA_PROPS" >"$KAFKA_LOG" 2>&1 </dev/null &
  wait_until 5 "kafka pid file" test -s "$KAFKA_PIDFILE" || die "kafka: the broker did not start"
  kafka_wait_ready
  say "kafka     ready in $(elapsed_since "$start")   $KAFKA_BROKER (pid $(kafka_pid))"
}

kafka_down() {
  local pid
  if ! pid=$(kafka_pid); then
    say "kafka     not running"
    return 0
  fi
  kill -TERM "$pid"
  if ! wait_for_exit "$pid" 60; then
    say "kafka     did not stop within 60s; killing pid $pid"
    kill -KILL "$pid" 2>/dev/null || true
    wait_for_exit "$pid" 10 || true
  fi
  rm -f "$KAFKA_PIDFILE"
  say "kafka     stopped"
}

kafka_status() {
  if kafka_running; then
    echo "kafka     running   $KAFKA_BROKER (pid $(kafka_pid))"
  else
    echo "kafka     stopped"
    return 1
  fi
}

kafka_env() {
  kafka_running && echo "TEST_KAFKA_BROKER=$KAFKA_BROKER"
}
