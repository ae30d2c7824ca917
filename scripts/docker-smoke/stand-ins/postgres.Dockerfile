# Stand-in for postgres:16-bookworm: Debian's PostgreSQL (15 in bookworm) behind an entrypoint that does what the
# official one does for this compose file: POSTGRES_USER/PASSWORD/DB create the cluster once in PGDATA, password
# authentication for the network, and `pg_isready` on the PATH for the health check.
ARG BASE
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/* \
 && rm -rf /var/lib/postgresql/15 /etc/postgresql \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
USER postgres
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
