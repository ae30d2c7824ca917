#!/bin/bash
# KAFKA_FOO_BAR=x → foo.bar=x (the official image's rule: `__` → `_`, `___` → `-`), then format once and start.
set -euo pipefail
props=/opt/kafka/config/server.properties
: >"$props"
log_dirs=/tmp/kraft-combined-logs
while IFS='=' read -r name value; do
  case "$name" in
    KAFKA_HEAP_OPTS | KAFKA_OPTS | KAFKA_LOG4J_OPTS | KAFKA_JMX_OPTS | KAFKA_VERSION) continue ;;
  esac
  key=$(printf '%s' "${name#KAFKA_}" | tr '[:upper:]' '[:lower:]' | sed -e 's/___/-/g' -e 's/__/@/g' -e 's/_/./g' -e 's/@/_/g')
  [ "$key" = log.dirs ] && log_dirs=$value && continue
  printf '%s=%s\n' "$key" "$value" >>"$props"
done < <(env | grep '^KAFKA_')
printf 'log.dirs=%s\n' "$log_dirs" >>"$props"
java_cmd=(java -Djava.awt.headless=true -Dlog4j.configuration=file:/opt/kafka/config/log4j.properties -cp '/opt/kafka/libs/*')
mkdir -p "$log_dirs"
if [ ! -f "$log_dirs/meta.properties" ]; then
  "${java_cmd[@]}" -Xmx128m kafka.tools.StorageTool format -t "${CLUSTER_ID:-5L6g3nShT-eMCtK--X86sw}" -c "$props" --ignore-formatted
fi
# shellcheck disable=SC2086 # KAFKA_HEAP_OPTS is a list of JVM options
exec "${java_cmd[@]}" ${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError kafka.Kafka "$props"
