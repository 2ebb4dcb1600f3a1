# syntax=docker/dockerfile:1.7
# One image per Node service: docker build -f deploy/service.Dockerfile --build-arg SERVICE=svc-forum .
# SERVICE is the workspace folder: svc-identity, svc-forum, svc-messaging, svc-stream or gateway.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first so the dependency layer is cached across source changes.
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
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
COPY packages/devdb packages/devdb
COPY packages/contracts packages/contracts
COPY packages/search-text packages/search-text
COPY packages/rich-text packages/rich-text
COPY packages/service-kit packages/service-kit
COPY gateway gateway
COPY svc-identity svc-identity
COPY svc-forum svc-forum
COPY svc-messaging svc-messaging
COPY svc-stream svc-stream
RUN npx tsc -b
# Only production dependencies go to the final image.
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS service
ARG SERVICE
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/search-text/package.json packages/search-text/
COPY --from=build /app/packages/search-text/dist packages/search-text/dist
COPY --from=build /app/packages/rich-text/package.json packages/rich-text/
COPY --from=build /app/packages/rich-text/dist packages/rich-text/dist
COPY --from=build /app/packages/service-kit/package.json packages/service-kit/
COPY --from=build /app/packages/service-kit/dist packages/service-kit/dist
COPY --from=build /app/${SERVICE}/package.json ${SERVICE}/
COPY --from=build /app/${SERVICE}/dist ${SERVICE}/dist
# Writable places for the volumes (identity keys and avatars, forum media), owned by the unprivileged user.
RUN mkdir -p /var/lib/forum/identity /var/lib/forum/forum /var/lib/forum/media && chown -R node:node /var/lib/forum
WORKDIR /app/${SERVICE}
USER node
STOPSIGNAL SIGTERM
# The slim image has no curl/wget; Node's fetch does the health check.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
