#!/usr/bin/env bash
# redsink load of 1,000,000 JSON records (~113 bytes each, the records of load-settings.sh), payload
# and typed layouts, default settings, against the emulator; each given redsink.jar in turn (to
# compare two engines in one run), the current build's when none is given; with JVM_OPTIONS set to
# option sets separated by '|', each set in turn too (to compare collectors). Prints wall seconds
# and the process's user and system CPU seconds per run.
#
#   mvn -q -pl redsink-cli,redsink-demo -am package -DskipTests
#   redsink-bench/scripts/load-million.sh [runs] [redsink.jar ...]
#   JVM_OPTIONS='-XX:+UseG1GC|-XX:+UseParallelGC' redsink-bench/scripts/load-million.sh 3
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-3}"
shift || true
jars=("$@")
[[ ${#jars[@]} -gt 0 ]] || jars=("$root/redsink-cli/target/redsink.jar")
IFS='|' read -r -a options <<<"${JVM_OPTIONS:-}"
[[ ${#options[@]} -gt 0 ]] || options=("")
records=1000000
# shellcheck source=load-common.sh
. "$root/redsink-bench/scripts/load-common.sh"

printf 'layout\tjar\tjvm_options\trun\twall_s\tuser_s\tsys_s\n'
for run in $(seq 1 "$runs"); do
  for layout in payload typed; do
    for v in "${jars[@]}"; do
      for o in "${options[@]}"; do
        key="${layout:0:1}r${run}x$RANDOM"
        sleep 5
        connector "$key" "$layout" "" >"$work/$key.toml"
        # shellcheck disable=SC2086 # a set of options is split into its words
        out="$( { /usr/bin/time -f 'TIME %e %U %S' java $o -jar "$v" \
          load "$work/$key.toml" --topic bench.t "$work/events.ndjson" >/dev/null; } 2>&1 | grep '^TIME')"
        read -r _ wall user sys <<<"$out"
        printf '%s\t%s\t%s\t%d\t%s\t%s\t%s\n' "$layout" "$v" "$o" "$run" "$wall" "$user" "$sys"
      done
    done
  done
done
