# syntax=docker/dockerfile:1
# Banksia's images (README, "Running at scale"; ADR 051). One Dockerfile, two targets from the same build:
#   docker build --target app    -t banksia-app .     the HTTP server (apps/server/dist/main.js)
#   docker build --target worker -t banksia-worker .  the job worker (apps/server/dist/worker.js)
# Both read the configuration of apps/server/src/platform/config.ts from the environment; see compose.yaml.

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Every dependency (dev ones too: the build needs Vite, esbuild, TypeScript). Only the manifests are copied first,
#    so this layer is rebuilt only when a package.json or the lock file changes.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# 2. The build: the web app (dist/, and dist-server/ for the server render) and the server bundle (dist/).
FROM deps AS build
COPY . .
RUN npm run build

# 3. What runs: production dependencies of the server, the web app's server render and the contracts; the built
#    output; and the files the server reads at run time (templates, migrations, the demo's media). No sources, no
#    dev tools, no build cache.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund -w @banksia/server -w @banksia/web -w @banksia/contracts \
 && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/src/views apps/server/src/views
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/server/src/db/seed/media apps/server/src/db/seed/media
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
RUN mkdir -p /app/data && chown node:node /app/data
USER node
# Local files (uploads, the generated secret) when S3 and SECRET_KEY are not set; mount a volume, or set both.
VOLUME ["/app/data"]

FROM runtime AS worker
# Stop: SIGTERM; running jobs finish within SHUTDOWN_TIMEOUT_MS (10 s), so give `docker stop` a longer -t.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/worker.js"]

FROM runtime AS app
EXPOSE 3000
STOPSIGNAL SIGTERM
# Liveness for Docker (the image has no curl): /livez answers while the process runs. A load balancer should use
# /readyz, which also checks the database, the migrations and the job queue.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--no-memory-reducer", "--enable-source-maps", "apps/server/dist/main.js"]
