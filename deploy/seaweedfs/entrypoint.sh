#!/bin/sh
# Compose's object store: S3 with one identity. Its access key is S3_ACCESS_KEY_ID; its secret is generated once
# into the secrets volume (S3_SECRET_ACCESS_KEY_FILE, a file that exists is kept, like the init service's), where
# motion-api and motion-worker read it through the same variable. Then `weed server` with master, volume server,
# filer and S3 gateway in one process, its data under /data.
set -eu
: "${S3_ACCESS_KEY_ID:?S3_ACCESS_KEY_ID is required: the access key of the one S3 identity}"
: "${S3_SECRET_ACCESS_KEY_FILE:?S3_SECRET_ACCESS_KEY_FILE is required: where the generated secret key is kept}"
if [ ! -s "$S3_SECRET_ACCESS_KEY_FILE" ]; then
  umask 077
  node -e 'process.stdout.write(require("node:crypto").randomBytes(24).toString("base64url"))' >"$S3_SECRET_ACCESS_KEY_FILE.tmp"
  # The apps run as node: the file is theirs to read, like the other secrets of the volume.
  chown node:node "$S3_SECRET_ACCESS_KEY_FILE.tmp" 2>/dev/null || true
  mv "$S3_SECRET_ACCESS_KEY_FILE.tmp" "$S3_SECRET_ACCESS_KEY_FILE"
  echo "object-store: generated $S3_SECRET_ACCESS_KEY_FILE (kept across restarts; \`docker compose down -v\` deletes it)"
fi
secret=$(cat "$S3_SECRET_ACCESS_KEY_FILE")
umask 077
cat >/etc/seaweedfs/s3.json <<JSON
{ "identities": [ { "name": "openmotion",
  "credentials": [ { "accessKey": "$S3_ACCESS_KEY_ID", "secretKey": "$secret" } ],
  "actions": ["Admin", "Read", "List", "Tagging", "Write"] } ] }
JSON
# Small volumes (64 MB, motion files are small) and as many volume slots as the disk holds: each bucket takes several.
exec weed server -dir=/data -master.volumeSizeLimitMB=64 -volume.max=0 -filer -s3 -s3.port=8333 -s3.config=/etc/seaweedfs/s3.json "$@"
