# shellcheck shell=bash
# Chromium for the browser tests (the playground and the portal, driven by playwright-core): a binary, not a
# server, so "up" only makes sure Debian's package is installed and says which one. playwright-core downloads
# no browser of its own; the tests launch this one through CHROMIUM_PATH.
# Sourced by scripts/services.sh.

chromium_packages() {
  chromium_path >/dev/null || echo chromium
}

chromium_path() {
  command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null
}

chromium_version() {
  # Debian's wrapper script prints shell noise on stderr on some machines; the version is on stdout.
  "$(chromium_path)" --version 2>/dev/null | awk 'NR == 1 { print $1, $2 }'
}

chromium_up() {
  local path
  path=$(chromium_path) || die "chromium: not installed"
  say "chromium  available         $path ($(chromium_version))"
}

chromium_down() {
  :
}

chromium_status() {
  local path
  if path=$(chromium_path); then
    echo "chromium  installed $path ($(chromium_version))"
  else
    echo "chromium  missing"
    return 1
  fi
}

chromium_env() {
  local path
  path=$(chromium_path) && echo "CHROMIUM_PATH=$path"
}
