# shellcheck shell=bash
# Shared helpers for scripts/services.sh: logging, pid files, ports, waiting and apt installs.
# Sourced, not run; expects ROOT and STATE_DIR to be set.

say() { printf '%s\n' "$*" >&2; }

die() {
  printf 'services: %s\n' "$*" >&2
  exit 1
}

# Seconds since an $EPOCHREALTIME stamp, one decimal; printed next to each start.
elapsed_since() {
  awk -v start="$1" -v now="$EPOCHREALTIME" 'BEGIN { printf "%.1fs", now - start }'
}

# A TCP connect through bash's /dev/tcp, bounded so a black-holed port cannot hang the script.
port_open() {
  timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

# The pid stored in a pid file when that process is still alive, else nothing (and status 1).
live_pid() {
  local file=$1 pid
  [ -s "$file" ] || return 1
  pid=$(head -n 1 "$file")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  printf '%s' "$pid"
}

# wait_until SECONDS WHAT COMMAND... polls COMMAND every 0.3 s; fails naming WHAT when time runs out.
wait_until() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      say "services: $what did not answer within ${seconds}s"
      return 1
    fi
    sleep 0.3
  done
}

# wait_for_exit PID SECONDS: true once PID is gone.
wait_for_exit() {
  local pid=$1 deadline=$((SECONDS + $2))
  while kill -0 "$pid" 2>/dev/null; do
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

# Refuse to start on a port that someone else's process holds, rather than talk to a stranger.
ensure_port_free() {
  local port=$1 name=$2
  if port_open "$port"; then
    die "$name: port 127.0.0.1:$port is taken by a process this script did not start (see: ss -ltnp 'sport = :$port')"
  fi
}

show_log_tail() {
  local file=$1
  [ -f "$file" ] || return 0
  say "--- last lines of $file"
  tail -n 25 "$file" >&2
  say "---"
}

APT_UPDATED=0

# install_packages PKG...: one `apt-get update` per run, then a non-interactive install.
install_packages() {
  (($# > 0)) || return 0
  local sudo=()
  if ((EUID != 0)); then
    if ! command -v sudo >/dev/null 2>&1 || ! sudo -n true 2>/dev/null; then
      die "missing packages: $* (run as root, or: sudo apt-get install -y $*)"
    fi
    sudo=(sudo -n)
  fi
  command -v apt-get >/dev/null 2>&1 || die "missing packages: $* (no apt-get here; install them by hand)"
  local log=$STATE_DIR/apt.log
  mkdir -p "$STATE_DIR"
  say "installing with apt: $* (log: $log)"
  if ((APT_UPDATED == 0)); then
    "${sudo[@]}" apt-get update >"$log" 2>&1 || {
      show_log_tail "$log"
      die "apt-get update failed"
    }
    APT_UPDATED=1
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >>"$log" 2>&1 || {
    show_log_tail "$log"
    die "apt-get install $* failed"
  }
}
