# Progressive Chess Live: one game-server node (serves the web client and the WebSocket API).
# Build: docker build -t progressive-chess-live .   Run: see docker-compose.yml.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is cached while sources change.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# Scripts are skipped here (the root `prepare` would build before the sources are copied);
# the explicit build below does that work.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.base.json tsconfig.json ./
COPY shared shared
COPY server server
COPY client client
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
COPY docs docs
ENV PORT=3000 CLIENT_DIR=/app/client/dist
# the data folder of a node without Redis/PostgreSQL (DATA_DIR's default, ./data): mount a volume there
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# the flags of scripts/node-flags.mjs (SERVER_NODE_FLAGS)
CMD ["node", "--max-semi-space-size=64", "server/dist/index.js"]
