# shellcheck shell=bash
# schemathesis (API fuzzing against each app's /openapi.json) from PyPI, pinned, in a project-local virtualenv
# under .services/schemathesis: "up" installs it once (idempotent), nothing runs in the background.
# Sourced by scripts/services.sh.

SCHEMATHESIS_VERSION=3.39.16
HYPOTHESIS_VERSION=6.122.0
SCHEMATHESIS_VENV=$STATE_DIR/schemathesis

schemathesis_packages() {
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || echo python3-venv
}

schemathesis_path() {
  local bin=$SCHEMATHESIS_VENV/bin/schemathesis
  [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "version $SCHEMATHESIS_VERSION\$" && echo "$bin"
}

schemathesis_up() {
  local path
  if ! path=$(schemathesis_path); then
    python3 -m venv "$SCHEMATHESIS_VENV" || die "schemathesis: python3 -m venv failed"
    # hypothesis pinned too: newer releases break schemathesis 3.x at run time ("'many' object has no attribute 'more'").
    "$SCHEMATHESIS_VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" "hypothesis==$HYPOTHESIS_VERSION" ||
      die "schemathesis: pip install schemathesis==$SCHEMATHESIS_VERSION failed"
    path=$(schemathesis_path) || die "schemathesis: installed but does not run"
  fi
  say "schemathesis available     $path ($SCHEMATHESIS_VERSION)"
}

schemathesis_down() {
  :
}

schemathesis_status() {
  local path
  if path=$(schemathesis_path); then
    echo "schemathesis installed $path ($SCHEMATHESIS_VERSION)"
  else
    echo "schemathesis missing"
    return 1
  fi
}

schemathesis_env() {
  local path
  path=$(schemathesis_path) && echo "SCHEMATHESIS_PATH=$path"
}
