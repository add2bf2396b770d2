# Sheaf's self-hosting image: `sheaf host` serving a static export bundle.
#   docker build -t sheaf .
#   docker run -p 8080:8080 -e SHEAF_BUNDLE_URL="$URL" -v sheaf-cache:/data sheaf [--version V]
# The bundle link is a secret: pass it as SHEAF_BUNDLE_URL, not as an argument.

FROM node:20-bookworm-slim AS build
# Compilers for native modules (better-sqlite3) when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY bin ./bin
COPY schema ./schema
COPY src ./src
# `npm ci` also runs the package's `prepare` script (the build); build again explicitly so a
# failure shows here, then drop the dev dependencies.
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    SHEAF_PORT=8080
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/schema ./schema
# The version cache; the image's `node` user (uid 1000) owns it.
RUN mkdir /data && chown 1000:1000 /data
USER 1000:1000
EXPOSE 8080
# The first start downloads and checks the bundle before listening: a long start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10m --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.SHEAF_PORT || 8080) + '/_svc/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/sheaf.js", "host"]
CMD ["--data-dir", "/data"]
