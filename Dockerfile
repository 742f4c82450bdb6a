# The kgfc API server (`kgfc serve`), as docker-compose.yml runs it.
# Build: docker compose build kgfc   (or: docker build -t kgfc:0.1.0 .)
FROM python:3.11.11-slim

WORKDIR /src
COPY pyproject.toml README.md ./
COPY kgfc kgfc
COPY queries queries
COPY ontology ontology
# torch stays out: the default pipeline runs on onnxruntime
RUN pip install --no-cache-dir '.[service,llm,web]' && rm -rf /src

# The store, the jobs journal and caches live on the /data volume.
ENV KGFC_HOME=/data
WORKDIR /data
EXPOSE 8080
# Inside the container it listens on all interfaces, so a token is required
# (KGFC_SERVER_TOKEN); compose publishes the port on the host's loopback only.
CMD ["kgfc", "serve", "--host", "0.0.0.0", "--port", "8080"]
