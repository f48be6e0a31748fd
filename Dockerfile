# One image recipe for every Quotebook app: docker build --build-arg APP=gateway .
# (docker-compose.yml builds every app from it; the gateway image also serves the SPA)
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV NX_NO_CLOUD=true NX_DAEMON=false NX_TUI=false
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npx nx run-many -t build --output-style=static

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /repo/dist ./dist
COPY tools/docker/healthcheck.js ./healthcheck.js
ARG APP
ENV APP=${APP}
RUN mkdir -p /app/var/uploads /app/var/storage && chown -R node:node /app/var
USER node
# source-mapped stack traces; an old generation collected from 128 MB on, as every answer passes through
# buffers that V8 counts towards it (tools/stack/stack.js, NODE_FLAGS, runs the processes alike)
CMD ["sh", "-c", "exec node --enable-source-maps --initial-old-space-size=128 dist/apps/${APP}/main.js"]
