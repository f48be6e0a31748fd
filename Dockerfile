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
CMD ["sh", "-c", "exec node --enable-source-maps dist/apps/${APP}/main.js"]
