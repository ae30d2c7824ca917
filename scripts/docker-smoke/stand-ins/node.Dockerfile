# Stand-in for node:20-bookworm-slim where no registry answers: Debian bookworm with the Node.js 20 this machine runs
# (its files copied in as node.tar), a `node` user with uid 1000 as in the official image, and the machine's CA
# bundle trusted by npm (NODE_EXTRA_CA_CERTS) so `npm install` and `pnpm install` reach the npm registry here.
ARG BASE
FROM ${BASE}
ADD node.tar /
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
