#!/usr/bin/env bash
# redsink load of 1,000,000 JSON records (~113 bytes each, the records of load-settings.sh), payload
# and typed layouts, default settings, against the emulator; each given redsink.jar in turn (to
# compare two engines in one run), the current build's when none is given. Prints wall seconds and
# the process's user and system CPU seconds per run.
#
#   mvn -q -pl redsink-cli,redsink-demo -am package -DskipTests
#   redsink-bench/scripts/load-million.sh [runs] [redsink.jar ...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-3}"
shift || true
jars=("$@")
[[ ${#jars[@]} -gt 0 ]] || jars=("$root/redsink-cli/target/redsink.jar")
work="$(mktemp -d)"
trap 'kill "$emulator" 2>/dev/null || true; rm -rf "$work"' EXIT

java -jar "$root/redsink-demo/target/redsink-demo.jar" emulator --port 0 --s3-port 0 \
  --env-file "$work/emulator.env" >"$work/emulator.log" 2>&1 &
emulator=$!
for _ in $(seq 1 120); do [[ -s "$work/emulator.env" ]] && break; sleep 1; done
# shellcheck disable=SC1091
. "$work/emulator.env"

python3 - "$work/events.ndjson" <<'PY'
import json, random, sys
random.seed(7)
words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
with open(sys.argv[1], "w") as f:
    for i in range(1000000):
        f.write(json.dumps({"order_id": i, "customer": "c-%d" % random.randint(1, 999),
                            "product": random.choice(words), "quantity": random.randint(1, 9),
                            "amount": round(random.uniform(1, 500), 2),
                            "note": " ".join(random.choice(words) for _ in range(3))},
                           separators=(",", ":")) + "\n")
PY

connector() { # key layout extra-toml
  cat <<TOML
type = "sink"
key = "$1"
enabled = true
version = 0
name = "load benchmark"
path = "libpicomq_connector_redshift_sink"

[[topics]]
pattern = 'bench\..*'
schema = "json"
batch_length = 50000
poll_interval = "100ms"

[plugin_config]
connection_string = "postgres://$PGUSER:$PGPASSWORD@$PGHOST:$PGPORT/$PGDATABASE?sslmode=disable"
target_table = "$1_{topic_segment[-1]}"
aws_iam_role = "$REDSINK_IAM_ROLE"
s3_bucket = "$REDSINK_S3_BUCKET"
s3_prefix = "bench/$1"
aws_region = "$AWS_REGION"
s3_endpoint = "$AWS_ENDPOINT_URL"
aws_access_key_id = "$AWS_ACCESS_KEY_ID"
aws_secret_access_key = "$AWS_SECRET_ACCESS_KEY"
payload_format = "text"
table_layout = "$2"
$3
TOML
}


printf 'layout\tjar\trun\twall_s\tuser_s\tsys_s\n'
for run in $(seq 1 "$runs"); do
  for layout in payload typed; do
    for v in "${jars[@]}"; do
      key="${layout:0:1}r${run}x$RANDOM"
      sleep 5
      connector "$key" "$layout" "" >"$work/$key.toml"
      out="$( { /usr/bin/time -f 'TIME %e %U %S' java -jar "$v" \
        load "$work/$key.toml" --topic bench.t "$work/events.ndjson" >/dev/null; } 2>&1 | grep '^TIME')"
      read -r _ wall user sys <<<"$out"
      printf '%s\t%s\t%d\t%s\t%s\t%s\n' "$layout" "$v" "$run" "$wall" "$user" "$sys"
    done
  done
done
