# Saathi server image: the member app, the ops console and the API in one Node process (saathi serve).
# Build: docker build -t saathi .      Run several behind a proxy: see compose.yaml and the README's "Deployment".

# ---- build: install everything, bundle the server and both apps, then keep only the runtime packages ----------
FROM node:20-bookworm-slim AS build
WORKDIR /src
# Native packages (better-sqlite3, sharp, argon2) come as prebuilt binaries; these are for a source build fallback.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# ---- runtime: the bundle, the runtime packages and the PostgreSQL client tools (saathi backup / restore) --------
FROM node:20-bookworm-slim AS runtime
# pg_dump/pg_restore 15 (Debian bookworm): use a PostgreSQL 15 server, or install the client of your server's version.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
# Never root: the image's unprivileged "node" user owns only the data directory.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = the database answers, every migration is applied and the process is not draining (503 otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini forwards SIGTERM, so saathi serve drains in-flight requests and live streams before it exits.
ENTRYPOINT ["/usr/bin/tini", "--", "node", "dist/saathi.mjs"]
CMD ["serve"]
