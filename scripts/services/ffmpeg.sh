# shellcheck shell=bash
# ffmpeg (video encoding), assimp (an independent reader of our BVH/GLB/FBX exports) and blender (writes the FBX
# characters motion-characters' integration tests import) are binaries, not servers: "up" only makes sure they
# are installed and says which ones.
# Sourced by scripts/services.sh.

ffmpeg_packages() {
  command -v ffmpeg >/dev/null 2>&1 || echo ffmpeg
  command -v assimp >/dev/null 2>&1 || echo assimp-utils
  command -v blender >/dev/null 2>&1 || echo blender
}

ffmpeg_path() {
  command -v ffmpeg 2>/dev/null
}

ffmpeg_version() {
  ffmpeg -hide_banner -version 2>/dev/null | awk 'NR == 1 { print $1, $3 }'
}

ffmpeg_up() {
  local path
  path=$(ffmpeg_path) || die "ffmpeg: not installed"
  say "ffmpeg    available         $path ($(ffmpeg_version))"
  command -v assimp >/dev/null 2>&1 || die "assimp: not installed"
  command -v blender >/dev/null 2>&1 || die "blender: not installed"
}

ffmpeg_down() {
  :
}

ffmpeg_status() {
  local path
  if path=$(ffmpeg_path); then
    echo "ffmpeg    installed $path ($(ffmpeg_version))"
  else
    echo "ffmpeg    missing"
    return 1
  fi
}

ffmpeg_env() {
  local path
  path=$(ffmpeg_path) && echo "FFMPEG_PATH=$path"
}
