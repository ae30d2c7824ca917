# Stand-in for apache/kafka:3.9.1: Debian's Java with the Kafka 3.9 jars scripts/services/kafka.sh fetches from
# Maven Central (lib/), and the official image's start-up contract: KAFKA_* variables become server.properties
# (KAFKA_LOG_DIRS → log.dirs; unset, the logs go to /tmp/kraft-combined-logs inside the container, as the
# official image's default does), the storage is formatted once with CLUSTER_ID, the broker runs as appuser, and
# /opt/kafka/bin/kafka-broker-api-versions.sh answers the health check.
ARG BASE
FROM ${BASE}
# The base image carries no manual pages, and the JRE's post-install links one into man1.
RUN mkdir -p /usr/share/man/man1 && apt-get update && apt-get install -y --no-install-recommends default-jre-headless && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 1000 --create-home appuser \
 && mkdir -p /opt/kafka/bin /opt/kafka/config /var/lib/kafka/data /etc/kafka/docker && chown -R appuser /var/lib/kafka /opt/kafka/config
COPY lib/ /opt/kafka/libs/
COPY log4j.properties /opt/kafka/config/log4j.properties
COPY kafka-run.sh /etc/kafka/docker/run
COPY kafka-broker-api-versions.sh /opt/kafka/bin/kafka-broker-api-versions.sh
USER appuser
EXPOSE 9092
CMD ["/etc/kafka/docker/run"]
