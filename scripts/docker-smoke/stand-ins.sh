# shellcheck shell=bash
# The images docker-compose.yml names but does not build — node:20-bookworm-slim (the Dockerfile's base),
# postgres:16-bookworm, redis:7-bookworm, apache/kafka:3.9.1 — where no image registry answers (an offline CI):
# each is pulled if it can be, else built here as a stand-in under the same tag, from a Debian bookworm root file
# system debootstrapped from this machine's Debian mirror, Debian packages, this machine's Node.js 20 and the Kafka
# jars of scripts/services/kafka.sh. Built once: a stand-in carries a label with the hash of its inputs and is only
# rebuilt when they change. Sourced by scripts/docker-smoke.sh; expects ROOT, STATE_DIR and the services helpers.

STANDIN_DIR=$ROOT/scripts/docker-smoke/stand-ins
STANDIN_BASE=openmotion-standin/debian:bookworm
STANDIN_LABEL=org.openmotion.stand-in
DEBIAN_MIRROR=${DEBIAN_MIRROR:-}

# The mirror apt uses here (deb822 or one-line sources), so debootstrap needs no network apt does not have.
debian_mirror() {
  [ -n "$DEBIAN_MIRROR" ] && { echo "$DEBIAN_MIRROR"; return; }
  local uri
  uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n 1)
  [ -n "$uri" ] || uri=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | grep -v security | head -n 1)
  echo "${uri:-http://deb.debian.org/debian}"
}

standin_label() {
  docker image inspect --format "{{ index .Config.Labels \"$STANDIN_LABEL\" }}" "$1" 2>/dev/null
}

build_standin_base() {
  local mirror rootfs=$STATE_DIR/docker/rootfs start=$EPOCHREALTIME want
  mirror=$(debian_mirror)
  want=$(printf '%s\n' "$mirror" | cat - /etc/ssl/certs/ca-certificates.crt | sha256sum | cut -c1-16)
  [ "$(standin_label "$STANDIN_BASE")" = "$want" ] && return 0
  command -v debootstrap >/dev/null 2>&1 || install_packages debootstrap
  rm -rf "$rootfs"
  mkdir -p "$(dirname "$rootfs")"
  say "docker    debootstrapping Debian bookworm from $mirror (once; log: $STATE_DIR/docker/debootstrap.log)"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$STATE_DIR/docker/debootstrap.log" 2>&1 || {
    show_log_tail "$STATE_DIR/docker/debootstrap.log"
    die "docker: debootstrap bookworm failed"
  }
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' "$mirror" "$mirror" >"$rootfs/etc/apt/sources.list"
  # The machine's CA bundle (an egress proxy's CA, if any) so the images' npm and apt reach what this machine reaches.
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"; fi
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$rootfs/etc/apt/apt.conf.d/90stand-in"
  rm -rf "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  tar -C "$rootfs" -c . | docker import --change "LABEL $STANDIN_LABEL=$want" --change 'CMD ["bash"]' - "$STANDIN_BASE" >/dev/null ||
    die "docker: docker import of the bookworm root file system failed"
  rm -rf "$rootfs"
  say "docker    base image $STANDIN_BASE in $(elapsed_since "$start")"
}

# build_standin TAG NAME [context files...]: docker build of stand-ins/NAME.Dockerfile in a context of the files given.
build_standin() {
  local tag=$1 name=$2 context=$STATE_DIR/docker/context-$2 want start=$EPOCHREALTIME
  shift 2
  rm -rf "$context"
  mkdir -p "$context"
  cp -r "$STANDIN_DIR/$name.Dockerfile" "$@" "$context/"
  want=$( (standin_label "$STANDIN_BASE"; cd "$context" && find . -type f ! -name '*.jar' -print0 | sort -z | xargs -0 sha256sum; find "$context" -name '*.jar' -printf '%f\n' | sort) | sha256sum | cut -c1-16)
  local have
  have=$(standin_label "$tag") || have=
  if [ -n "$have" ] && [ "$have" = "$want" ]; then
    rm -rf "$context"
    return 0
  fi
  if docker image inspect "$tag" >/dev/null 2>&1 && [ -z "$have" ]; then
    rm -rf "$context"
    return 0 # the official image, pulled earlier
  fi
  if [ -z "$have" ] && timeout 60 docker pull -q "$tag" >/dev/null 2>&1; then
    say "docker    pulled $tag"
    rm -rf "$context"
    return 0
  fi
  docker build -q --label "$STANDIN_LABEL=$want" -f "$context/$name.Dockerfile" -t "$tag" "$context" >"$STATE_DIR/docker/build-$name.log" 2>&1 || {
    show_log_tail "$STATE_DIR/docker/build-$name.log"
    die "docker: building the stand-in $tag failed"
  }
  rm -rf "$context"
  say "docker    stand-in $tag built in $(elapsed_since "$start")"
}

# This machine's Node.js (the version the tests run on) as a tar: the node binary, and npm and corepack as installed
# (npm may have been upgraded in place, so the files are taken from disk, not from the package's file list).
node_tar() {
  local out=$STATE_DIR/docker/node.tar node prefix
  node=$(readlink -f "$(command -v node)") || die "docker: node is not installed (the node stand-in copies it)"
  prefix=$(dirname "$(dirname "$node")")
  [ -d "$prefix/lib/node_modules/npm" ] || die "docker: no npm under $prefix/lib/node_modules (the node stand-in copies it)"
  (cd / && tar -cf "$out" "${node#/}" "${prefix#/}/lib/node_modules/npm" \
    $(for tool in corepack npm npx; do [ -e "$prefix/bin/$tool" ] && printf '%s ' "${prefix#/}/bin/$tool"; done) \
    $([ -d "$prefix/lib/node_modules/corepack" ] && echo "${prefix#/}/lib/node_modules/corepack"))
  echo "$out"
}

build_stand_ins() {
  mkdir -p "$STATE_DIR/docker"
  local tag missing=0
  for tag in node:20-bookworm-slim postgres:16-bookworm redis:7-bookworm apache/kafka:3.9.1; do
    docker image inspect "$tag" >/dev/null 2>&1 || missing=1
  done
  # Every official image present (pulled, not stand-ins): nothing to build, no Debian root file system needed.
  if ((missing == 0)) && [ -z "$(for tag in node:20-bookworm-slim postgres:16-bookworm redis:7-bookworm apache/kafka:3.9.1; do standin_label "$tag"; done)" ]; then
    return 0
  fi
  build_standin_base
  build_standin node:20-bookworm-slim node "$(node_tar)"
  build_standin postgres:16-bookworm postgres "$STANDIN_DIR/postgres-entrypoint.sh"
  build_standin redis:7-bookworm redis "$STANDIN_DIR/redis-entrypoint.sh"
  kafka_fetch_jars
  cp "$KAFKA_TOOL_DIR/log4j.properties" "$STATE_DIR/docker/log4j.properties"
  build_standin apache/kafka:3.9.1 kafka "$KAFKA_LIB" "$STANDIN_DIR/kafka-run.sh" "$STANDIN_DIR/kafka-broker-api-versions.sh" "$STATE_DIR/docker/log4j.properties"
}
