# syntax=docker/dockerfile:1.7
# Static images for the front ends, one per deploy unit:
#   shell:   docker build -f deploy/frontend.Dockerfile --target shell .
#   remotes: docker build -f deploy/frontend.Dockerfile --target remote --build-arg REMOTE=forum .
# A remote is published under /remotes/<name>/<content-hash>/ (scripts/publish-remote.ts) and, on
# start, announces that version in the shared remotes.json the gateway reads, so deploying one
# remote alone switches the site to it without rebuilding the shell.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-bookworm

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.web.json ./
COPY packages/devdb/package.json packages/devdb/
COPY packages/contracts/package.json packages/contracts/
COPY packages/search-text/package.json packages/search-text/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/sdk/package.json packages/sdk/
COPY packages/ui/package.json packages/ui/
COPY packages/rich-text/package.json packages/rich-text/
COPY packages/landing/package.json packages/landing/
COPY packages/build-config/package.json packages/build-config/
COPY gateway/package.json gateway/
COPY svc-identity/package.json svc-identity/
COPY svc-forum/package.json svc-forum/
COPY svc-messaging/package.json svc-messaging/
COPY svc-stream/package.json svc-stream/
COPY shell/package.json shell/
COPY mf-forum/package.json mf-forum/
COPY mf-inbox/package.json mf-inbox/
COPY mf-admin/package.json mf-admin/
COPY e2e/package.json e2e/
COPY system/package.json system/
RUN npm ci --no-audit --no-fund
COPY packages/contracts packages/contracts
COPY packages/sdk packages/sdk
COPY packages/ui packages/ui
COPY packages/rich-text packages/rich-text
COPY packages/landing packages/landing
COPY packages/build-config packages/build-config

FROM deps AS build-shell
COPY shell shell
RUN npm run build -w @forum/shell

FROM deps AS build-remote
ARG REMOTE
COPY scripts scripts
COPY mf-${REMOTE} mf-${REMOTE}
RUN npm run build -w @forum/mf-${REMOTE} \
  && node --import tsx scripts/publish-remote.ts ${REMOTE} --remotes-dir /out/remotes --keep 1

FROM ${NGINX_IMAGE} AS shell
COPY deploy/nginx/shell.conf /etc/nginx/conf.d/default.conf
COPY --from=build-shell /app/shell/dist /usr/share/nginx/html
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD ["curl", "-fsS", "http://127.0.0.1/healthz"]

FROM ${NGINX_IMAGE} AS remote
ARG REMOTE
ENV REMOTE_NAME=${REMOTE} \
    MANIFEST_DIR=/manifest
COPY deploy/nginx/remote.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx/40-announce-remote.sh /docker-entrypoint.d/40-announce-remote.sh
COPY --from=build-remote /out/remotes/${REMOTE} /usr/share/nginx/html/remotes/${REMOTE}
RUN chmod 0755 /docker-entrypoint.d/40-announce-remote.sh
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD ["curl", "-fsS", "http://127.0.0.1/healthz"]
