# Shared by the redsink load benchmarks (sourced, with $root and $records set): starts the emulator
# in its own process, writes $records JSON records (~113 bytes each) to $work/events.ndjson, and
# defines `connector KEY LAYOUT EXTRA-TOML`, a connector file for them.
work="$(mktemp -d)"
trap 'kill "$emulator" 2>/dev/null || true; rm -rf "$work"' EXIT

java -jar "$root/redsink-demo/target/redsink-demo.jar" emulator --port 0 --s3-port 0 \
  --env-file "$work/emulator.env" >"$work/emulator.log" 2>&1 &
emulator=$!
for _ in $(seq 1 120); do [[ -s "$work/emulator.env" ]] && break; sleep 1; done
# shellcheck disable=SC1091
. "$work/emulator.env"

python3 - "$work/events.ndjson" "$records" <<'PY'
import json, random, sys
random.seed(7)
words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
with open(sys.argv[1], "w") as f:
    for i in range(int(sys.argv[2])):
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
