# One image recipe for the three apps, chosen by build arguments (docker-compose.yml sets them):
#   docker build --build-arg APP=motion-api --build-arg PORT=8080 --build-arg PORT_VARIABLE=MOTION_PORT \
#                --build-arg FFMPEG=static -t openmotion/motion-api .
# Layers are ordered by how often they change: the dependency download depends on the lockfile alone, and the
# offline link, build and deploy of all three apps form one stage shared by every image; a source change re-runs
# that stage once, then each image's last layers.
# Plain Dockerfile syntax (no BuildKit mounts): Debian's docker-compose 1.29 builds with the classic builder.
ARG NODE_IMAGE=node:20-bookworm-slim

# motion-api renders with ffmpeg (libx264). FFMPEG=static takes the static build shipped inside the npm package
# @ffmpeg-installer/<platform> (~70 MB, only the binary); Debian's ffmpeg package would add ~700 MB of shared
# libraries (X11, SDL, Vulkan, codecs) rendering never loads. Empty for the other apps.
FROM ${NODE_IMAGE} AS ffmpeg
ARG FFMPEG=""
RUN mkdir -p /ffmpeg \
 && if [ "$FFMPEG" = static ]; then \
      case "$(dpkg --print-architecture)" in \
        amd64) package=@ffmpeg-installer/linux-x64@4.1.0 ;; \
        arm64) package=@ffmpeg-installer/linux-arm64@4.1.4 ;; \
        *) echo "FFMPEG=static: no @ffmpeg-installer build for $(dpkg --print-architecture)" >&2; exit 1 ;; \
      esac \
      && cd /tmp && npm pack --silent "$package" >/dev/null && tar -xzf ffmpeg-installer-*.tgz \
      && install -m 0755 package/ffmpeg /ffmpeg/ffmpeg && rm -rf /tmp/* \
      && /ffmpeg/ffmpeg -hide_banner -encoders | grep -q libx264; \
    elif [ -n "$FFMPEG" ]; then echo "FFMPEG must be static or empty, not '$FFMPEG'" >&2; exit 1; fi

FROM ${NODE_IMAGE} AS build
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
# Every package of the lockfile into pnpm's store: rebuilt only when the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch --frozen-lockfile
COPY . .
# All three apps are linked, compiled and deployed here, before any build argument: this stage is the same for every
# image, so building the three (or compose's six services) compiles the shared packages once and the other builds
# reuse the cached layer.
RUN pnpm install --offline --frozen-lockfile \
      --filter "@openmotion/motion-api..." --filter "@openmotion/auth-server..." --filter "@openmotion/webhook-relay..." \
 && pnpm --filter "@openmotion/motion-api..." --filter "@openmotion/auth-server..." --filter "@openmotion/webhook-relay..." run build \
 && for app in motion-api auth-server webhook-relay; do pnpm deploy --legacy --filter "@openmotion/$app" --prod "/out/$app" || exit 1; done

FROM ${NODE_IMAGE}
ARG APP
RUN test -n "$APP" || (echo "build with --build-arg APP=motion-api|auth-server|webhook-relay" >&2 && exit 1)
ARG PORT
ARG PORT_VARIABLE
# NODE_OPTIONS: the V8 options of every app process, as scripts/app-node-options.mjs gives them to `./run start`.
ENV NODE_ENV=production NODE_OPTIONS=--max-semi-space-size=8 HEALTH_PORT_VARIABLE=${PORT_VARIABLE} HEALTH_DEFAULT_PORT=${PORT}
COPY --from=ffmpeg /ffmpeg/ /usr/bin/
WORKDIR /app
# /data holds an app's files and embedded database; /secrets is where compose mounts its secrets volume. A fresh
# named volume takes the directory's owner, so the one-shot init (`node dist/cli/init-secrets.js /secrets`, auth-server
# image) writes there as node and every app, also node, reads.
RUN mkdir -p /data /secrets && chown node:node /data /secrets
COPY --from=build --chown=node:node /out/${APP} .
USER node
EXPOSE ${PORT}
# /readyz, not /healthz: the port answers early while the app is still starting (database, migrations, queue), and
# /healthz says 200 then; /readyz answers 200 only once the app serves. A generous timeout: starting node for the
# probe takes seconds on a small, busy host.
HEALTHCHECK --interval=10s --timeout=10s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env[process.env.HEALTH_PORT_VARIABLE] || process.env.HEALTH_DEFAULT_PORT) + '/readyz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
