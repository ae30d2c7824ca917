# shellcheck shell=bash
# The images docker-compose.yml names but does not build — node:20-bookworm-slim (the Dockerfile's base),
# postgres:16-bookworm, redis:7-bookworm, apache/kafka:3.9.1 — where no image registry answers (an offline CI):
# each is pulled if it can be, else built here as a stand-in under the same tag, from a Debian bookworm root file
# system debootstrapped from this machine's Debian mirror, Debian packages, this machine's Node.js 20 and the Kafka
# jars of scripts/services/kafka.sh. Built once per recipe: each stand-in is kept under a tag naming the hash of its
# recipe (openmotion-standin/<name>:<hash>), so a later run only re-points the official tag at it; a changed recipe
# builds a new one. Sourced by scripts/docker-smoke.sh; expects ROOT, STATE_DIR and the services helpers.

STANDIN_DIR=$ROOT/scripts/docker-smoke/stand-ins
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

short_hash() { sha256sum | cut -c1-16; }

# The base's recipe is the function below, the mirror and the CA bundle: its tag names their hash, so a run whose
# recipe is unchanged finds the image and skips debootstrap.
standin_base_tag() {
  local recipe
  recipe=$( (declare -f build_standin_base; debian_mirror; cat /etc/ssl/certs/ca-certificates.crt) | short_hash)
  echo "openmotion-standin/debian:bookworm-$recipe"
}

build_standin_base() {
  local tag=$1 mirror rootfs=$STATE_DIR/docker/rootfs start=$EPOCHREALTIME
  docker image inspect "$tag" >/dev/null 2>&1 && return 0
  mirror=$(debian_mirror)
  command -v debootstrap >/dev/null 2>&1 || install_packages debootstrap
  rm -rf "$rootfs"
  mkdir -p "$(dirname "$rootfs")"
  say "docker    debootstrapping Debian bookworm from $mirror (once per recipe; log: $STATE_DIR/docker/debootstrap.log)"
  timeout --foreground 900 debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$STATE_DIR/docker/debootstrap.log" 2>&1 || {
    show_log_tail "$STATE_DIR/docker/debootstrap.log"
    die "docker: debootstrap bookworm failed or took over 900s"
  }
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' "$mirror" "$mirror" >"$rootfs/etc/apt/sources.list"
  # The machine's CA bundle (an egress proxy's CA, if any) so the images' npm and apt reach what this machine reaches.
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"; fi
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$rootfs/etc/apt/apt.conf.d/90stand-in"
  rm -rf "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  tar -C "$rootfs" -c . | docker import --change "LABEL $STANDIN_LABEL=${tag##*:}" --change 'CMD ["bash"]' - "$tag" >/dev/null ||
    die "docker: docker import of the bookworm root file system failed"
  rm -rf "$rootfs"
  say "docker    base image $tag in $(elapsed_since "$start")"
}

# build_standin TAG NAME KEY [context files...]: the image TAG (pulled, or built from stand-ins/NAME.Dockerfile in a
# context of the files given). Its recipe — the base, the Dockerfile, KEY, the files (jars by name) — names the
# stand-in's own tag, openmotion-standin/NAME:<hash>: when that exists, TAG points at it and nothing is built.
build_standin() {
  local tag=$1 name=$2 key=$3 want cached context=$STATE_DIR/docker/context-$2 start=$EPOCHREALTIME
  shift 3
  # find with no path would read the working directory: only the files given count.
  want=$( (echo "$STANDIN_BASE $key"; cat "$STANDIN_DIR/$name.Dockerfile"
    if (($# > 0)); then
      find "$@" -type f ! -name '*.jar' -print0 | sort -z | xargs -0 -r cat
      find "$@" -name '*.jar' -printf '%f\n' | sort
    fi) | short_hash)
  cached=openmotion-standin/$name:$want
  if docker image inspect "$cached" >/dev/null 2>&1; then
    docker tag "$cached" "$tag"
    return 0
  fi
  if docker image inspect "$tag" >/dev/null 2>&1 && [ -z "$(standin_label "$tag")" ]; then
    return 0 # the official image, pulled earlier
  fi
  if [ -z "$(standin_label "$tag")" ] && timeout --foreground 60 docker pull -q "$tag" >/dev/null 2>&1; then
    say "docker    pulled $tag"
    return 0
  fi
  rm -rf "$context"
  mkdir -p "$context"
  cp -r "$STANDIN_DIR/$name.Dockerfile" "$@" "$context/"
  [ "$name" != node ] || node_tar "$context/node.tar"
  # The label marks a stand-in; it carries no hash, so a rebuild of the same recipe (cached layers) is the same image
  # and the app images built on it stay cached.
  timeout --foreground 900 docker build -q --label "$STANDIN_LABEL=$name" -f "$context/$name.Dockerfile" --build-arg "BASE=$STANDIN_BASE" \
    -t "$cached" -t "$tag" "$context" >"$STATE_DIR/docker/build-$name.log" 2>&1 || {
    show_log_tail "$STATE_DIR/docker/build-$name.log"
    die "docker: building the stand-in $tag failed or took over 900s"
  }
  rm -rf "$context"
  say "docker    stand-in $tag ($cached) built in $(elapsed_since "$start")"
}

node_prefix() {
  local node
  node=$(readlink -f "$(command -v node)") || die "docker: node is not installed (the node stand-in copies it)"
  dirname "$(dirname "$node")"
}

# This machine's Node.js (the version the tests run on) as a tar: the node binary, and npm and corepack as installed
# (npm may have been upgraded in place, so the files are taken from disk, not from the package's file list).
node_tar() {
  local out=$1 prefix
  prefix=$(node_prefix)
  [ -d "$prefix/lib/node_modules/npm" ] || die "docker: no npm under $prefix/lib/node_modules (the node stand-in copies it)"
  # shellcheck disable=SC2046 # the optional paths are words without spaces
  (cd / && tar -cf "$out" "${prefix#/}/bin/node" "${prefix#/}/lib/node_modules/npm" \
    $(for tool in corepack npm npx; do [ -e "$prefix/bin/$tool" ] && printf '%s ' "${prefix#/}/bin/$tool"; done) \
    $([ -d "$prefix/lib/node_modules/corepack" ] && echo "${prefix#/}/lib/node_modules/corepack"))
}

OFFICIAL_TAGS=(node:20-bookworm-slim postgres:16-bookworm redis:7-bookworm apache/kafka:3.9.1)

build_stand_ins() {
  mkdir -p "$STATE_DIR/docker"
  local tag missing=0
  for tag in "${OFFICIAL_TAGS[@]}"; do
    docker image inspect "$tag" >/dev/null 2>&1 || missing=1
  done
  # Every official image present (pulled, not stand-ins): nothing to build, no Debian root file system needed.
  if ((missing == 0)) && [ -z "$(for tag in "${OFFICIAL_TAGS[@]}"; do standin_label "$tag"; done)" ]; then
    return 0
  fi
  STANDIN_BASE=$(standin_base_tag)
  build_standin_base "$STANDIN_BASE"
  local prefix
  prefix=$(node_prefix)
  build_standin node:20-bookworm-slim node "$prefix $(node --version) $(npm --version)"
  build_standin postgres:16-bookworm postgres "" "$STANDIN_DIR/postgres-entrypoint.sh"
  build_standin redis:7-bookworm redis "" "$STANDIN_DIR/redis-entrypoint.sh"
  kafka_fetch_jars
  cp "$KAFKA_TOOL_DIR/log4j.properties" "$STATE_DIR/docker/log4j.properties"
  build_standin apache/kafka:3.9.1 kafka "" "$KAFKA_LIB" "$STANDIN_DIR/kafka-run.sh" "$STANDIN_DIR/kafka-broker-api-versions.sh" "$STATE_DIR/docker/log4j.properties"
}
