# syntax=docker/dockerfile:1
# The product as one image: the build stage compiles the server and the web app with every dev
# dependency; the runtime stage is the production install (`npm ci --omit=dev` over the built
# files) that `scripts/check-production-install.ts` repeats in CI, since images cannot be pulled there.

FROM node:24-slim AS build
WORKDIR /app
# Electron belongs to the desktop client, which the image does not build.
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
# The manifests first, so a change of source reuses the installed dependencies layer.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY services-api/package.json services-api/
COPY apps-web/package.json apps-web/
COPY apps-desktop-admin/package.json apps-desktop-admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace services-api && npm run build --workspace apps-web

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
# npm ci needs every workspace's manifest, even the desktop client's, whose dependencies are all dev.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/shared/package.json shared/
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/services-api/package.json services-api/
COPY --from=build /app/services-api/dist services-api/dist
COPY --from=build /app/apps-web/package.json apps-web/
COPY --from=build /app/apps-web/dist apps-web/dist
COPY --from=build /app/apps-desktop-admin/package.json apps-desktop-admin/
RUN npm ci --omit=dev --no-audit --no-fund
# The embedded PostgreSQL (used when DATABASE_URL is unset) and the mail outbox live in DATA_DIR;
# PostgreSQL refuses to run as root, so the server runs as the image's unprivileged `node` user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 5000
# The slim image has no curl: node's own fetch asks for readiness.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--conditions=msp-compiled", "--enable-source-maps", "services-api/dist/main.js"]
