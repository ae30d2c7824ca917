# shellcheck shell=bash
# Tools that check the Helm chart under deploy/helm without a cluster, both from the Go module proxy:
#   helm     Helm 4, built once per version with `go install` (no replace directives in its go.mod) into
#            .services/helm/<version>/bin/helm
#   kubeapi  the Kubernetes API's OpenAPI v3 documents (api/openapi-spec/v3 of the module k8s.io/kubernetes),
#            copied once per version into .services/kubeapi/<version>/v3; packages/deploy-chart validates every
#            rendered object against them
# Binaries and documents, not servers: "up" makes sure they are there. Go 1.21 or later must be installed (it
# fetches the toolchain Helm's go.mod asks for from the same proxy). Sourced by scripts/services.sh.

HELM_VERSION=v4.3.2
KUBEAPI_VERSION=v1.31.0
HELM_DIR=$STATE_DIR/helm/$HELM_VERSION
HELM_BIN=$HELM_DIR/bin/helm
KUBEAPI_DIR=$STATE_DIR/kubeapi/$KUBEAPI_VERSION

helm_go() {
  local go
  go=$(command -v go 2>/dev/null || { [ -x /usr/local/go/bin/go ] && echo /usr/local/go/bin/go; }) ||
    die "helm: Go 1.21 or later is needed to build Helm from the Go module proxy (https://go.dev/dl, or Debian's golang-1.2x from backports)"
  printf '%s' "$go"
}

helm_packages() {
  :
}

helm_up() {
  if [ ! -x "$HELM_BIN" ]; then
    local start=$EPOCHREALTIME go
    go=$(helm_go)
    mkdir -p "$HELM_DIR"
    say "helm      building $HELM_VERSION from the Go module proxy (minutes, once per version)"
    GOBIN=$HELM_DIR/bin.tmp GOFLAGS=-buildvcs=false nice -n 10 "$go" install "helm.sh/helm/v4/cmd/helm@$HELM_VERSION" \
      >"$HELM_DIR/build.log" 2>&1 || {
      show_log_tail "$HELM_DIR/build.log"
      die "helm: go install helm.sh/helm/v4/cmd/helm@$HELM_VERSION failed"
    }
    # Moved in whole once built, so an interrupted build never leaves a binary that looks finished.
    mv "$HELM_DIR/bin.tmp" "$HELM_DIR/bin"
    say "helm      built in $(elapsed_since "$start")"
  fi
  say "helm      available         $HELM_BIN ($HELM_VERSION)"
}

helm_down() {
  :
}

helm_status() {
  if [ -x "$HELM_BIN" ]; then
    echo "helm      installed $HELM_BIN ($HELM_VERSION)"
  else
    echo "helm      missing (bash scripts/services.sh up builds it)"
    return 1
  fi
}

helm_env() {
  [ -x "$HELM_BIN" ] && echo "HELM_PATH=$HELM_BIN"
}

kubeapi_packages() {
  :
}

kubeapi_up() {
  if [ ! -f "$KUBEAPI_DIR/v3/api__v1_openapi.json" ]; then
    local start=$EPOCHREALTIME go module
    go=$(helm_go)
    # `go mod download -json` prints the module's directory in the module cache; only the documents are kept.
    module=$("$go" mod download -json "k8s.io/kubernetes@$KUBEAPI_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    [ -d "$module/api/openapi-spec/v3" ] || die "kubeapi: k8s.io/kubernetes@$KUBEAPI_VERSION has no api/openapi-spec/v3"
    rm -rf "$KUBEAPI_DIR.tmp"
    mkdir -p "$KUBEAPI_DIR.tmp"
    cp -R "$module/api/openapi-spec/v3" "$KUBEAPI_DIR.tmp/v3"
    chmod -R u+w "$KUBEAPI_DIR.tmp"
    rm -rf "$KUBEAPI_DIR"
    mv "$KUBEAPI_DIR.tmp" "$KUBEAPI_DIR"
    say "kubeapi   fetched in $(elapsed_since "$start")"
  fi
  say "kubeapi   available         $KUBEAPI_DIR/v3 (Kubernetes $KUBEAPI_VERSION OpenAPI v3)"
}

kubeapi_down() {
  :
}

kubeapi_status() {
  if [ -f "$KUBEAPI_DIR/v3/api__v1_openapi.json" ]; then
    echo "kubeapi   installed $KUBEAPI_DIR/v3 ($KUBEAPI_VERSION)"
  else
    echo "kubeapi   missing (bash scripts/services.sh up fetches it)"
    return 1
  fi
}

kubeapi_env() {
  [ -f "$KUBEAPI_DIR/v3/api__v1_openapi.json" ] && echo "KUBERNETES_OPENAPI_DIR=$KUBEAPI_DIR/v3"
}
