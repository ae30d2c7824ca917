# shellcheck shell=bash
# PostgreSQL on 127.0.0.1:$PG_PORT with database openmotion_test owned by openmotion/openmotion.
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user (created by the
# Debian package); otherwise as whoever runs this script. Sourced by scripts/services.sh.

PG_PORT=15432
PG_DIR=$STATE_DIR/postgres
PG_DATA=$PG_DIR/data
PG_LOG=$PG_DIR/postgres.log
PG_DATABASE=openmotion_test
PG_ROLE=openmotion
PG_URL=postgres://$PG_ROLE:$PG_ROLE@127.0.0.1:$PG_PORT/$PG_DATABASE

# The newest installed major version's binaries (Debian keeps them out of PATH, per version).
pg_bindir() {
  local dir
  dir=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && printf '%s' "$dir"
}

postgres_packages() {
  pg_bindir >/dev/null || echo postgresql
}

pg_owner() {
  if ((EUID == 0)); then echo postgres; else id -un; fi
}

# Runs a server-side binary as the owner of the data directory, from / so no unreadable cwd gets in the way.
as_pg() {
  if ((EUID == 0)); then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

pg_psql() {
  "$(pg_bindir)/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" "$@"
}

pg_ready() {
  "$(pg_bindir)/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -d postgres -U postgres
}

pg_pid() {
  live_pid "$PG_DATA/postmaster.pid"
}

postgres_running() {
  pg_pid >/dev/null && pg_ready
}

# The postgres user must be able to walk down to its data directory, e.g. through a 0700 /root.
pg_make_parents_traversable() {
  ((EUID == 0)) || return 0
  local dir
  dir=$(dirname "$PG_DIR")
  while [ "$dir" != / ]; do
    if ! runuser -u postgres -- test -x "$dir"; then
      say "postgres  making $dir traversable (o+x) for the postgres user"
      chmod o+x "$dir"
    fi
    dir=$(dirname "$dir")
  done
}

pg_init_cluster() {
  [ -s "$PG_DATA/PG_VERSION" ] && return 0
  mkdir -p "$PG_DIR"
  chown "$(pg_owner)" "$PG_DIR"
  chmod 0700 "$PG_DIR"
  as_pg "$(pg_bindir)/initdb" -D "$PG_DATA" -U postgres --auth=trust --encoding=UTF8 --no-locale \
    >"$PG_DIR/initdb.log" 2>&1 || {
    show_log_tail "$PG_DIR/initdb.log"
    die "postgres: initdb failed"
  }
  # Loopback TCP only (no unix socket: a deep checkout path would overflow the socket path limit); the
  # durability switches are off because a test database is rebuilt at will and speed matters more.
  as_pg tee -a "$PG_DATA/postgresql.conf" >/dev/null <<CONF

# written by scripts/services.sh
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = ''
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
  as_pg tee "$PG_DATA/pg_hba.conf" >/dev/null <<'HBA'
# written by scripts/services.sh: trust on loopback, nothing else
host all all 127.0.0.1/32 trust
host all all ::1/128 trust
HBA
}

pg_create_database() {
  pg_psql -U postgres -d postgres <<SQL
SELECT 'CREATE ROLE $PG_ROLE LOGIN CREATEDB PASSWORD ''$PG_ROLE'''
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$PG_ROLE') \gexec
-- Tests drop their scratch databases WITH (FORCE), which refuses while a session of another role is connected;
-- an autovacuum worker counts as one, so without this a drop fails whenever autovacuum happens to be there.
GRANT pg_signal_backend TO $PG_ROLE;
SELECT 'CREATE DATABASE $PG_DATABASE OWNER $PG_ROLE'
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$PG_DATABASE') \gexec
SQL
  [ "$(pg_psql -d "$PG_URL" -tAc 'select 1')" = 1 ] || die "postgres: $PG_URL does not answer select 1"
}

postgres_up() {
  local start=$EPOCHREALTIME
  [ -n "$(pg_bindir)" ] || die "postgres: no /usr/lib/postgresql/*/bin/initdb"
  if postgres_running; then
    pg_create_database
    say "postgres  already running   $PG_URL (pid $(pg_pid))"
    return 0
  fi
  ensure_port_free "$PG_PORT" postgres
  mkdir -p "$STATE_DIR"
  pg_make_parents_traversable
  pg_init_cluster
  as_pg "$(pg_bindir)/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 start >/dev/null || {
    show_log_tail "$PG_LOG"
    die "postgres: pg_ctl start failed"
  }
  wait_until 30 "postgres on port $PG_PORT" pg_ready || {
    show_log_tail "$PG_LOG"
    die "postgres: not ready"
  }
  pg_create_database
  say "postgres  ready in $(elapsed_since "$start")   $PG_URL (pid $(pg_pid))"
}

postgres_down() {
  if ! pg_pid >/dev/null; then
    say "postgres  not running"
    return 0
  fi
  as_pg "$(pg_bindir)/pg_ctl" -D "$PG_DATA" -m fast -w -t 30 stop >/dev/null ||
    die "postgres: pg_ctl stop failed (log: $PG_LOG)"
  say "postgres  stopped"
}

postgres_status() {
  if [ -n "$(pg_bindir)" ] && postgres_running; then
    echo "postgres  running   $PG_URL (pid $(pg_pid))"
  else
    echo "postgres  stopped"
    return 1
  fi
}

postgres_env() {
  postgres_running && echo "TEST_DATABASE_URL=$PG_URL"
}
