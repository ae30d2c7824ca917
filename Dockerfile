# One image recipe for the three apps, chosen by build arguments (docker-compose.yml sets them):
#   docker build --build-arg APP=motion-api --build-arg PORT=8080 --build-arg PORT_VARIABLE=MOTION_PORT \
#                --build-arg APT_PACKAGES=ffmpeg -t openmotion/motion-api .
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ARG APP
RUN test -n "$APP" || (echo "build with --build-arg APP=motion-api|auth-server|webhook-relay" >&2 && exit 1)
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile --filter "@openmotion/${APP}..." \
 && pnpm --filter "@openmotion/${APP}..." run build \
 && pnpm deploy --legacy --filter "@openmotion/${APP}" --prod /out

FROM ${NODE_IMAGE}
ARG PORT
ARG PORT_VARIABLE
# Debian packages the app needs at run time (motion-api: ffmpeg with libx264 for render jobs).
ARG APT_PACKAGES=""
ENV NODE_ENV=production HEALTH_PORT_VARIABLE=${PORT_VARIABLE} HEALTH_DEFAULT_PORT=${PORT}
RUN if [ -n "$APT_PACKAGES" ]; then apt-get update && apt-get install -y --no-install-recommends $APT_PACKAGES && rm -rf /var/lib/apt/lists/*; fi
WORKDIR /app
# /data holds an app's files and embedded database; /secrets is where compose mounts its secrets volume. A fresh
# named volume takes the directory's owner, so the one-shot init (`node dist/cli/init-secrets.js /secrets`, auth-server
# image) writes there as node and every app, also node, reads.
RUN mkdir -p /data /secrets && chown node:node /data /secrets
COPY --from=build --chown=node:node /out .
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env[process.env.HEALTH_PORT_VARIABLE] || process.env.HEALTH_DEFAULT_PORT) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
