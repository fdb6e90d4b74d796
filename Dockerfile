# One image for both roles: `npm run start:api` (default) or `npm run start:worker`. The worker
# OCRs scanned corpus files with tesseract.
FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
      tesseract-ocr tesseract-ocr-eng \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The install step generates the Prisma clients, so it needs the schemas and the workspace manifests.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/package.json
COPY apps/worker/package.json apps/worker/package.json
COPY packages/core/package.json packages/core/package.json
COPY packages/db/package.json packages/db/package.json
COPY packages/deliverables/package.json packages/deliverables/package.json
COPY packages/engine/package.json packages/engine/package.json
COPY packages/ingest/package.json packages/ingest/package.json
COPY packages/jobs/package.json packages/jobs/package.json
COPY packages/runtime/package.json packages/runtime/package.json
COPY packages/services/package.json packages/services/package.json
COPY packages/storage/package.json packages/storage/package.json
COPY prisma prisma
COPY scripts/prisma-generate.mjs scripts/prisma-generate.mjs
RUN npm ci --no-audit --no-fund
COPY . .
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
EXPOSE 8080
CMD ["npm", "run", "start:api"]
