#!/usr/bin/env bash
# redsink load of 200,000 JSON records (~113 bytes each), payload and typed layouts, with the
# default settings and with the file and flush sizes a user might tune, against the emulator.
# Prints wall seconds and the process's CPU seconds (user + system) per run.
#
#   mvn -q -pl redsink-cli,redsink-demo -am package -DskipTests
#   redsink-bench/scripts/load-settings.sh [runs] [settings regex, e.g. '^defaults$']
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-3}"
only="${2:-.}"
records=200000
# shellcheck source=load-common.sh
. "$root/redsink-bench/scripts/load-common.sh"

settings=(
  "defaults|"
  "batch_size=100|batch_size = 100"
  "max_file_bytes=4MB|max_file_bytes = \"4MB\""
  "max_file_bytes=64MB|max_file_bytes = \"64MB\""
  "one load (flush 200k/256MB)|flush_max_records = 200000
flush_max_bytes = \"256MB\""
)
printf 'layout\tsettings\trun\twall_s\tcpu_s\n'
# Runs outermost, so a drift of the machine or the emulator over the minutes spreads over every
# setting instead of landing on the ones measured last.
# Each run also starts the settings at a different one, and every load starts 5 s after the one
# before (the emulator's PostgreSQL finishes the last load's background work), so no setting always
# follows the same one.
count=${#settings[@]}
for run in $(seq 1 "$runs"); do
  for layout in payload typed; do
    for i in $(seq 0 $((count - 1))); do
      n=$(((i + run - 1) % count))
      s="${settings[$n]}"
      label="${s%%|*}"
      extra="${s#*|}"
      [[ "$label" =~ $only ]] || continue
      key="${layout:0:1}s${n}r${run}"
      sleep 5
      connector "$key" "$layout" "$extra" >"$work/$key.toml"
      out="$( { /usr/bin/time -f 'TIME %e %U %S' java -jar "$root/redsink-cli/target/redsink.jar" \
        load "$work/$key.toml" --topic bench.t "$work/events.ndjson" >/dev/null; } 2>&1 | grep '^TIME')"
      read -r _ wall user sys <<<"$out"
      printf '%s\t%s\t%d\t%s\t%.2f\n' "$layout" "$label" "$run" "$wall" "$(echo "$user + $sys" | bc)"
    done
  done
done
